import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, CallToolResult, ErrorCode, ListToolsRequestSchema, McpError, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AppConfig } from '@hcs/platform';
import { OpenApiDocument } from '../discovery/openapi.document';
import { BODY_KEY_FIELD } from '../idempotency/idempotency-key';
import type { McpTool } from './mcp-tool';
import { DELEGATION_ARGUMENT, McpRequestContext, McpToolRunner, ToolAnswer } from './mcp-tool-runner';
import { outputSchemaFor } from './mcp-output-schema';
import { registerPropertyResource } from './property.resource';
import { MCP_TOOLS } from './tools';

const SERVER_INSTRUCTIONS =
  'Hotel commerce for agents. Book with search -> create_quote -> create_hold -> confirm_booking, each answer naming the next step in next_actions; before cancel_booking, get_cancellation_preview tells the fee and refund. ' +
  'Prices and cancellation terms come only from a quote. Tools that act for a traveler need a delegation JWT (delegation_token or the X-Delegated-User header). ' +
  'structuredContent is the same envelope as the REST API; a failure is isError with the REST error envelope (branch on error.code).';

/**
 * Builds the MCP server for one HTTP request (stateless: nothing survives the request, so any api
 * process answers). Tool listing and calls are answered from our tool registry rather than the
 * SDK's zod plumbing, so that a validation failure is our `validation_failed` envelope and the
 * output schema is the OpenAPI response model of the mirrored route.
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
    const server = new McpServer(
      { name: this.config.serviceName, version: this.config.serviceVersion },
      { capabilities: { tools: { listChanged: false } }, instructions: SERVER_INSTRUCTIONS },
    );
    registerPropertyResource(server, this.runner, request);
    server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools() }));
    server.server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const tool = this.byName.get(params.name);
      // An unknown tool is a protocol error, as in the SDK's own McpServer.
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${params.name} not found; call tools/list for the tools of this server.`);
      return toResult(tool, await this.runner.run(tool, params.arguments ?? {}, request));
    });
    return server;
  }

  /** The tool list, built once: names, descriptions, annotations, input and output schemas. */
  tools(): Tool[] {
    this.listing ??= MCP_TOOLS.map((tool) => this.describe(tool));
    return this.listing;
  }

  private describe(tool: McpTool): Tool {
    const route = this.runner.routeOf(tool);
    const shape = { ...tool.input };
    if (route.idempotency) {
      const key = z
        .string()
        .min(1)
        .max(255)
        .describe('Your idempotency key (1-255 characters): a retry with the same key and arguments returns the first answer and never acts twice.');
      shape[BODY_KEY_FIELD] = route.idempotency.required ? key : key.optional();
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
      description: tool.description,
      inputSchema: inputSchema as Tool['inputSchema'],
      outputSchema: outputSchemaFor(this.openApi.document, route) as Tool['outputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    };
  }
}

function toResult(tool: McpTool, answer: ToolAnswer): CallToolResult {
  if (answer.ok) {
    return { content: [{ type: 'text', text: tool.summarize(answer.envelope) }], structuredContent: answer.envelope as unknown as Record<string, unknown> };
  }
  // The error envelope travels as JSON text: clients check structuredContent against the success schema.
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(answer.envelope) }] };
}
