import { Injectable } from '@nestjs/common';
import { McpServerFactory, SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, toolResult, unknownToolMessage } from './mcp-server.factory';
import { JSONRPC, McpEnvelope, McpHttpAnswer, META_SERVER_INFO, MCP_PROTOCOL_VERSIONS, ModernRequest, rpcError, validateModern } from './mcp-protocol';
import { McpRequestContext, McpToolRunner } from './mcp-tool-runner';
import { PROPERTY_RESOURCE, PROPERTY_RESOURCE_TEMPLATE, propertyContents, propertySlugOf, readProperty } from './property.resource';

/** Cache hints (docs/mcp.md "Caching"): the lists change only with a deploy; a property read is per tenant. */
export const LIST_TTL_MS = 300_000;
export const READ_TTL_MS = 60_000;
const PUBLIC = { ttlMs: LIST_TTL_MS, cacheScope: 'public' } as const;

type Handler = (request: ModernRequest, context: McpRequestContext) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** A JSON-RPC error a handler raises; travels with HTTP 200 unless it says otherwise. */
class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * MCP 2026-07-28 on `/mcp` (docs/mcp.md "Protocol revisions"): stateless, no `initialize`, every
 * request validated on its own (`_meta`, `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`), every
 * result with `resultType` and the server's identity in `_meta`, list results with cache hints.
 * The official SDK (1.x) does not speak this revision, so this is the small layer of our own; the
 * tools, their schemas, results and the resource come from the same code as the SDK server.
 */
@Injectable()
export class McpStatelessHandler {
  private readonly methods: Record<string, Handler> = {
    'server/discover': () => ({
      supportedVersions: [...MCP_PROTOCOL_VERSIONS],
      capabilities: SERVER_CAPABILITIES,
      instructions: SERVER_INSTRUCTIONS,
      ...PUBLIC,
    }),
    'tools/list': () => ({ tools: this.factory.tools(), ...PUBLIC }),
    'tools/call': (request, context) => this.callTool(request, context),
    'resources/list': () => ({ resources: [], ...PUBLIC }),
    'resources/templates/list': () => ({ resourceTemplates: [{ uriTemplate: PROPERTY_RESOURCE_TEMPLATE, ...PROPERTY_RESOURCE }], ...PUBLIC }),
    'resources/read': (request, context) => this.readResource(request, context),
  };

  constructor(
    private readonly factory: McpServerFactory,
    private readonly runner: McpToolRunner,
  ) {}

  async handle(envelope: McpEnvelope, context: McpRequestContext): Promise<McpHttpAnswer> {
    const checked = validateModern(envelope);
    if ('answer' in checked) return checked.answer;
    const { id, method } = checked.request;
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined;
    // initialize, ping, logging/setLevel, resources/subscribe ... do not exist in this revision.
    if (!handler) return rpcError(404, id, { code: JSONRPC.METHOD_NOT_FOUND, message: `Method not found: ${method} (MCP ${checked.request.protocolVersion})` });
    try {
      const result = await handler(checked.request, context);
      return {
        status: 200,
        body: { jsonrpc: '2.0', id, result: { ...result, resultType: 'complete', _meta: { [META_SERVER_INFO]: this.factory.serverInfo() } } },
      };
    } catch (error) {
      if (error instanceof RpcFailure)
        return rpcError(200, id, { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) });
      throw error;
    }
  }

  private async callTool({ params }: ModernRequest, context: McpRequestContext): Promise<Record<string, unknown>> {
    const tool = typeof params.name === 'string' ? this.factory.tool(params.name) : undefined;
    if (!tool) throw new RpcFailure(JSONRPC.INVALID_PARAMS, unknownToolMessage(params.name), { name: params.name ?? null });
    const args = params.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      throw new RpcFailure(JSONRPC.INVALID_PARAMS, 'Invalid params: arguments must be an object.');
    return { ...toolResult(tool, await this.runner.run(tool, args as Record<string, unknown>, context)) };
  }

  /** `-32602` with the URI for a resource that does not exist (2026-07-28; was -32002). */
  private async readResource({ params }: ModernRequest, context: McpRequestContext): Promise<Record<string, unknown>> {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new RpcFailure(JSONRPC.INVALID_PARAMS, 'Invalid params: uri must be a string.');
    const slug = propertySlugOf(uri);
    const notFound = () => new RpcFailure(JSONRPC.INVALID_PARAMS, `Resource not found: ${uri}`, { uri });
    if (slug === null) throw notFound();
    const answer = await readProperty(this.runner, slug, context);
    if (!answer.ok && answer.envelope.error.code === 'property_not_found') throw notFound();
    return { contents: propertyContents(uri, answer), ttlMs: READ_TTL_MS, cacheScope: 'private' };
  }
}
