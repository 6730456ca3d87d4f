import { withRouteErrors } from '../http/openapi/route-errors';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  CallToolResult,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AppConfig } from '@hcs/platform';
import { OpenApiDocument } from '../discovery/openapi.document';
import { BODY_KEY_FIELD } from '../idempotency/idempotency-key';
import { IdempotencyKeyField } from '../chain-dto/chain.request-parts.dto';
import { dtoArguments } from './dto-arguments';
import type { McpTool } from './mcp-tool';
import { DELEGATION_ARGUMENT, McpRequestContext, McpToolRunner, ToolAnswer } from './mcp-tool-runner';
import { outputSchemaFor } from './mcp-output-schema';
import { negotiatedLegacyVersion } from './mcp-protocol';
import { registerPropertyResource } from './property.resource';
import { MCP_TOOLS } from './tools';
import { SANDBOX_SCENARIO_ARGUMENT } from '@hcs/adapters';
import { sandboxScenariosOf } from '../sandbox/sandbox-scenario.decorator';

export const SERVER_INSTRUCTIONS =
  'Hotel commerce for agents. Book with search -> create_quote -> create_hold -> confirm_booking, each answer naming the next step in next_actions; before cancel_booking, get_cancellation_preview tells the fee and refund. ' +
  'Prices and cancellation terms come only from a quote. Tools that act for a traveler need a delegation JWT (delegation_token or the X-Delegated-User header). ' +
  'structuredContent is the same envelope as the REST API; a failure is isError with the REST error envelope (branch on error.code).';

/** What every revision declares: tools (a fixed list) and the property resource template. */
export const SERVER_CAPABILITIES = { tools: { listChanged: false }, resources: {} };

/**
 * Builds the SDK's MCP server for one HTTP request of a 2025-06-18 or 2025-11-25 client
 * (stateless: nothing survives the request, so any api process answers). Tool listing and calls
 * are answered from our tool registry rather than the SDK's zod plumbing, so that a validation
 * failure is our `validation_failed` envelope and the output schema is the OpenAPI response model
 * of the mirrored route. The 2026-07-28 layer (mcp-modern.handler.ts) uses the same list and
 * results.
 */
@Injectable()
export class McpServerFactory {
  private listing: Tool[] | null = null;
  private readonly byName = new Map<string, McpTool>(MCP_TOOLS.map((tool) => [tool.name, tool]));

  constructor(
    private readonly runner: McpToolRunner,
    private readonly openApi: OpenApiDocument,
    private readonly config: AppConfig,
  ) {}

  create(request: McpRequestContext): McpServer {
    const server = new McpServer(this.serverInfo(), { capabilities: SERVER_CAPABILITIES, instructions: SERVER_INSTRUCTIONS });
    registerPropertyResource(server, this.runner, request);
    // Negotiation answers only the revisions we list (the SDK would also accept older ones).
    server.server.setRequestHandler(InitializeRequestSchema, ({ params }) => ({
      protocolVersion: negotiatedLegacyVersion(params.protocolVersion),
      capabilities: SERVER_CAPABILITIES,
      serverInfo: this.serverInfo(),
      instructions: SERVER_INSTRUCTIONS,
    }));
    server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools() }));
    server.server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const tool = this.tool(params.name);
      // An unknown tool is a protocol error, as in the SDK's own McpServer.
      if (!tool) throw new McpError(ErrorCode.InvalidParams, unknownToolMessage(params.name));
      return toolResult(tool, await this.runner.run(tool, params.arguments ?? {}, request));
    });
    return server;
  }

  serverInfo(): { name: string; version: string } {
    return { name: this.config.serviceName, version: this.config.serviceVersion };
  }

  tool(name: string): McpTool | undefined {
    return this.byName.get(name);
  }

  /** The tool list, built once and always in registry order: names, descriptions, annotations, input and output schemas. */
  tools(): Tool[] {
    this.listing ??= MCP_TOOLS.map((tool) => this.describe(tool));
    return this.listing;
  }

  private describe(tool: McpTool): Tool {
    const route = this.runner.routeOf(tool);
    const shape = { ...tool.input };
    if (route.idempotency) {
      // The key's limits are those of the body field the REST DTOs share (IdempotencyKeyField).
      const key = dtoArguments(IdempotencyKeyField, {
        require: [BODY_KEY_FIELD],
        describe: {
          [BODY_KEY_FIELD]: 'Your idempotency key (1-255 characters): a retry with the same key and arguments returns the first answer and never acts twice.',
        },
      })[BODY_KEY_FIELD];
      // required unless the route waives it for another field (confirm_booking: client_reference)
      shape[BODY_KEY_FIELD] = route.idempotency.required && !route.idempotency.unlessBodyField ? key : key.optional();
    }
    const scenarios = sandboxScenariosOf(tool.mirrors.controller, tool.mirrors.handler);
    if (scenarios && scenarios.length > 0) {
      shape[SANDBOX_SCENARIO_ARGUMENT] = z
        .string()
        .optional()
        .describe(`Outside production only: rehearse a documented failure with all its real effects (docs/sandbox.md): ${scenarios.join(', ')}.`);
    }
    if (route.delegation) {
      shape[DELEGATION_ARGUMENT] = z
        .string()
        .min(1)
        .optional()
        .describe('The traveler delegation JWT, unless the MCP request carries it in the X-Delegated-User header.');
    }
    const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(z.object(shape).strict(), { io: 'input' }) as Record<string, unknown>;
    return {
      name: tool.name,
      title: tool.title,
      description: withRouteErrors(tool.description, route.errors),
      inputSchema: inputSchema as Tool['inputSchema'],
      outputSchema: outputSchemaFor(this.openApi.document, route) as Tool['outputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    };
  }
}

export function unknownToolMessage(name: unknown): string {
  return `Tool ${String(name)} not found; call tools/list for the tools of this server.`;
}

/**
 * A tool result: `structuredContent` is the success envelope; `content[0]` is its JSON text copy,
 * for clients that ignore `structuredContent` (MCP 2025-06-18 "Structured content"), and
 * `content[1]` the tool's one-line summary with the next step.
 */
export function toolResult(tool: McpTool, answer: ToolAnswer): CallToolResult {
  if (answer.ok) {
    return {
      content: [
        { type: 'text', text: JSON.stringify(answer.envelope) },
        { type: 'text', text: tool.summarize(answer.envelope) },
      ],
      structuredContent: answer.envelope as unknown as Record<string, unknown>,
    };
  }
  // The error envelope travels as JSON text: clients check structuredContent against the success schema.
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(answer.envelope) }] };
}
