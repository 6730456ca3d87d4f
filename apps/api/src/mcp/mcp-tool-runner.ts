import { Injectable, Logger, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ErrorEnvelope, Outcome, renderSuccess, SuccessEnvelope } from '@hcs/contracts';
import { Actor, assertRouteAccess, DelegationVerifier, VerifiedDelegation } from '@hcs/auth';
import { SANDBOX_SCENARIO_ARGUMENT, sandboxScenarioProblem, SandboxScenarios } from '@hcs/adapters';
import { DomainError, IdempotentRequest, validationFailed } from '@hcs/domain';
import { AppConfig, RequestContext, serializeError } from '@hcs/platform';
import { nulProblems } from '../http/nul-bytes';
import { RouteInfo, RouteTable } from '../discovery/route-table';
import { renderError, toFailure } from '../http/error-envelope';
import { BODY_KEY_FIELD, checkedKey } from '../idempotency/idempotency-key';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { sandboxScenariosOf } from '../sandbox/sandbox-scenario.decorator';
import type { McpTool, RestRequest } from './mcp-tool';

/** The argument that carries a traveler delegation JWT when the MCP request has no X-Delegated-User. */
export const DELEGATION_ARGUMENT = 'delegation_token';

/** What the MCP HTTP request brings to every tool call. */
export interface McpRequestContext {
  actor: Actor;
  /** X-Delegated-User of the MCP HTTP request, if any. */
  delegationHeader: string | undefined;
}

export type ToolAnswer = { ok: true; envelope: SuccessEnvelope } | { ok: false; envelope: ErrorEnvelope; status: number };

/**
 * Runs one tool call the way the REST pipeline runs its route: access (kinds, scopes) and
 * delegation read from the mirrored route, then the route's validation, then the shared
 * idempotency store, then the use case; the answer is rendered with the REST envelope code.
 */
@Injectable()
export class McpToolRunner {
  private readonly logger = new Logger('McpTool');

  constructor(
    private readonly routes: RouteTable,
    private readonly delegation: DelegationVerifier,
    private readonly idempotency: IdempotencyService,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** The REST route a tool mirrors; a tool naming no mounted route is a boot failure. */
  routeOf(tool: McpTool): RouteInfo {
    const route = this.routes.routes().find((r) => r.controller === tool.mirrors.controller.name && r.handler === tool.mirrors.handler);
    if (!route) throw new Error(`MCP tool ${tool.name} mirrors ${tool.mirrors.controller.name}.${tool.mirrors.handler}, which is not a mounted route`);
    return route;
  }

  async run(tool: McpTool, args: Record<string, unknown>, request: McpRequestContext): Promise<ToolAnswer> {
    const traceId = this.context.traceId;
    try {
      const route = this.routeOf(tool);
      assertRouteAccess(request.actor, route.principalKinds, route.scopes);
      // Postgres refuses U+0000 in text: refused here like every REST body (docs/security.md).
      const nul = nulProblems(args);
      if (nul.length > 0) throw validationFailed(nul);
      const verified = route.delegation ? await this.verifiedDelegation(args, request) : null;
      await this.acceptSandboxScenario(tool, args, request);
      const restRequest = (tool.request ?? ((a) => ({ params: {}, body: a })))(withoutDelegation(args));
      // As on REST, the key is checked before the body (the interceptor runs before the pipes).
      const key = route.idempotency ? idempotencyKeyOf(restRequest, route.idempotency.required && !requiredKeyWaived(restRequest, route)) : null;
      const input = tool.validate(restRequest);
      const execute = (idempotency: IdempotentRequest | null = null) =>
        tool.execute({
          input,
          actor: request.actor,
          traveler: verified?.traveler ?? null,
          delegation: verified ? { jti: verified.jti, expiresAt: verified.expiresAt } : null,
          idempotencyKey: key,
          idempotency,
          use: <T>(type: Type<T>) => this.moduleRef.get(type, { strict: false }),
        });
      if (key === null || !route.idempotency) return { ok: true, envelope: renderSuccess(await execute(), traceId) };
      return await this.runIdempotent(route, restRequest, key, request.actor, execute);
    } catch (error) {
      return this.failure(error, traceId);
    }
  }

  /** The same service, scope and request hash as the REST interceptor, so a key replays across transports. */
  private async runIdempotent(
    route: RouteInfo,
    request: RestRequest,
    key: string,
    actor: Actor,
    execute: (idempotency: IdempotentRequest) => Promise<Outcome>,
  ): Promise<ToolAnswer> {
    const { response, thrown } = await this.idempotency.run({
      tenantId: actor.tenantId,
      principalId: actor.principalId,
      route: `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      key,
      keyName: BODY_KEY_FIELD,
      params: request.params,
      body: request.body,
      options: route.idempotency!,
      defaultStatus: route.method === 'POST' ? 201 : 200,
      execute,
    });
    // As the REST interceptor rethrows to the filter: a failure of this very call is logged once.
    if (thrown) return this.failure(thrown.error, this.context.traceId);
    return response.status < 300
      ? { ok: true, envelope: response.body as SuccessEnvelope }
      : { ok: false, envelope: response.body as ErrorEnvelope, status: response.status };
  }

  /** The `sandbox_scenario` argument, accepted or refused as the route's `Sandbox-Scenario` header (docs/sandbox.md). */
  private async acceptSandboxScenario(tool: McpTool, args: Record<string, unknown>, request: McpRequestContext): Promise<void> {
    const accepted = sandboxScenariosOf(tool.mirrors.controller, tool.mirrors.handler);
    const value = args[SANDBOX_SCENARIO_ARGUMENT];
    if (accepted === null || value === undefined) return;
    const problem = sandboxScenarioProblem(value, accepted, this.config.nodeEnv === 'production');
    if (problem) throw validationFailed([{ path: SANDBOX_SCENARIO_ARGUMENT, message: problem }]);
    await this.moduleRef.get(SandboxScenarios, { strict: false }).accepted(value as string, request.actor);
  }

  private async verifiedDelegation(args: Record<string, unknown>, request: McpRequestContext): Promise<VerifiedDelegation> {
    const fromArgument = args[DELEGATION_ARGUMENT];
    if (fromArgument !== undefined && typeof fromArgument !== 'string') {
      throw validationFailed([{ path: DELEGATION_ARGUMENT, message: 'must be the delegation JWT as a string' }]);
    }
    const raw = (fromArgument ?? request.delegationHeader)?.trim().replace(/^Bearer\s+/i, '');
    if (!raw) {
      throw new DomainError('delegation_required', {
        message: `Send the traveler delegation JWT as the ${DELEGATION_ARGUMENT} argument or the X-Delegated-User header of the MCP request.`,
      });
    }
    return this.delegation.verifyDelegation(request.actor.tenantId, raw);
  }

  private failure(error: unknown, traceId: string): ToolAnswer {
    const { status, body } = this.rendered(error, traceId);
    return { ok: false, envelope: body, status };
  }

  /** The error envelope of a failure; an unforeseen one is logged (through the one error serializer), never shown. */
  private rendered(error: unknown, traceId: string) {
    const failure = toFailure(error);
    if (failure.unexpected !== undefined)
      this.logger.error({ err: serializeError(failure.unexpected), trace_id: traceId }, 'unexpected failure in an MCP tool');
    return renderError(failure, traceId, this.config.docsUrl);
  }
}

/** The arguments without those the MCP layer itself takes (the delegation, the sandbox scenario). */
function withoutDelegation(args: Record<string, unknown>): Record<string, unknown> {
  const { [DELEGATION_ARGUMENT]: _omitted, [SANDBOX_SCENARIO_ARGUMENT]: _scenario, ...rest } = args;
  return rest;
}

/** A required key may be left out when the arguments carry the route's `unlessBodyField` (confirm_booking: client_reference). */
function requiredKeyWaived(request: RestRequest, route: RouteInfo): boolean {
  const field = route.idempotency?.unlessBodyField;
  return field !== undefined && request.body[field] !== undefined;
}

/** The `idempotency_key` argument, required or optional as on the REST route. */
function idempotencyKeyOf(request: RestRequest, required: boolean): string | null {
  const key = request.body[BODY_KEY_FIELD];
  if (key === undefined) {
    if (required) throw validationFailed([{ path: BODY_KEY_FIELD, message: 'this tool needs an idempotency_key (reuse it to retry safely)' }]);
    return null;
  }
  return checkedKey(key, BODY_KEY_FIELD);
}
