import type { Type } from '@nestjs/common';
import type { ZodRawShape } from 'zod';
import type { Outcome, SuccessEnvelope } from '@hcs/contracts';
import type { Actor, DelegationToken, Traveler } from '@hcs/auth';
import type { IdempotentRequest } from '@hcs/domain';

/** MCP tool annotations (hints a client shows a model or a user before calling). */
export interface McpToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The REST request a tool call stands for: path parameters and body (or query) as REST would see them. */
export interface RestRequest {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** What a tool's `execute` receives: the validated input and the caller, as the REST handler would. */
export interface ToolCall<Input> {
  input: Input;
  actor: Actor;
  /** The verified traveler, on tools whose REST route requires a delegation. */
  traveler: Traveler | null;
  /** The delegation's jti and expiry (a booking consumes the jti, as on REST), with the traveler. */
  delegation: DelegationToken | null;
  /** The idempotency key, on tools whose REST route is `@Idempotent()` (null when optional and absent). */
  idempotencyKey: string | null;
  /** The request's idempotency record for the use case's command (`IdempotentRequest`); null without a key. */
  idempotency: IdempotentRequest | null;
  /** A provider of the app (the use case the REST controller calls). */
  use<T>(type: Type<T>): T;
}

/**
 * One MCP tool (docs/mcp.md). Auth (principal kinds, scopes, delegation), idempotency and the
 * output schema are not declared here: they are read from the REST route it `mirrors`, so a tool
 * cannot drift from its route.
 */
export interface McpTool<Input = unknown> {
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, what to call next. */
  description: string;
  annotations: McpToolAnnotations;
  /** The REST controller method the tool mirrors. */
  mirrors: { controller: Type; handler: string };
  /** Arguments as the model sees them (zod, as the SDK expects), with the REST DTO's limits. */
  input: ZodRawShape;
  /** Splits the arguments into the REST request (default: every argument is a body field). */
  request?: (args: Record<string, unknown>) => RestRequest;
  /** Validates the REST request with the same DTO and pipes as the REST route. */
  validate: (request: RestRequest) => Input;
  /** Method syntax on purpose: a registry of tools with different inputs type-checks as `McpTool[]`. */
  execute(call: ToolCall<Input>): Promise<Outcome>;
  /** A one-line text summary of a success for `content`. */
  summarize: (envelope: SuccessEnvelope) => string;
}

/** Keeps the tool's input type between `validate` and `execute`. */
export function defineTool<Input>(tool: McpTool<Input>): McpTool<Input> {
  return tool;
}
