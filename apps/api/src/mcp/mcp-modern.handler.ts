import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { createMcpHandler, McpHttpHandler, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server } from '@modelcontextprotocol/server';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { McpServerFactory, SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, toolResult, unknownToolMessage } from './mcp-server.factory';
import { MCP_PROTOCOL_VERSIONS } from './mcp-protocol';
import { McpRequestContext, McpToolRunner } from './mcp-tool-runner';
import { paymentActionElicitation } from './payment-action-elicitation';
import { PROPERTY_RESOURCE, PROPERTY_RESOURCE_TEMPLATE, propertyContents, propertySlugOf, readProperty } from './property.resource';

/** Cache hints (docs/mcp.md "Caching"): the lists change only with a deploy; a property read is per tenant. */
export const LIST_TTL_MS = 300_000;
export const READ_TTL_MS = 60_000;
const PUBLIC_LIST = { ttlMs: LIST_TTL_MS, cacheScope: 'public' } as const;

/**
 * MCP 2026-07-28 on `/mcp` (docs/mcp.md "Protocol revisions"), served by the official SDK v2
 * (`@modelcontextprotocol/server`, `createMcpHandler`): stateless, no `initialize`, every request
 * validated on its own (`_meta`, `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`), `resultType`
 * and the server's identity on every result, cache hints on list results. A fresh low-level
 * server per request answers from the same tool registry, runner and resource as the 2025 server.
 */
@Injectable()
export class McpModernHandler implements OnModuleDestroy {
  private readonly handler: McpHttpHandler;

  constructor(
    private readonly factory: McpServerFactory,
    private readonly runner: McpToolRunner,
  ) {
    // Only modern traffic reaches this handler (McpController routes the rest).
    this.handler = createMcpHandler(({ authInfo }) => this.server(authInfo?.extra?.request as McpRequestContext), {
      legacy: 'reject',
    });
  }

  /**
   * Serves one modern POST through the SDK's web-standard face. The body was parsed (and
   * size-limited) by the app, so it travels as `parsedBody`; the URL's host is a placeholder (the
   * handler validates no Host or Origin: the Origin middleware did).
   */
  async handle(req: ExpressRequest, res: ExpressResponse, context: McpRequestContext): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(`http://mcp.internal${req.originalUrl}`, { method: 'POST', headers, body: JSON.stringify(req.body) });
    const authInfo = { token: '', clientId: context.actor.principalId, scopes: [...(context.actor.scopes ?? [])], extra: { request: context } };
    const answer = await this.handler.fetch(request, { authInfo, parsedBody: req.body });
    res.status(answer.status);
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.send(Buffer.from(await answer.arrayBuffer()));
  }

  async onModuleDestroy(): Promise<void> {
    await this.handler.close();
  }

  private server(context: McpRequestContext): Server {
    const server = new Server(this.factory.serverInfo(), {
      capabilities: SERVER_CAPABILITIES,
      instructions: SERVER_INSTRUCTIONS,
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      cacheHints: {
        'server/discover': PUBLIC_LIST,
        'tools/list': PUBLIC_LIST,
        'resources/list': PUBLIC_LIST,
        'resources/templates/list': PUBLIC_LIST,
        'resources/read': { ttlMs: READ_TTL_MS, cacheScope: 'private' },
      },
    });
    listAllRevisions(server);
    server.setRequestHandler('tools/list', () => ({ tools: this.factory.tools() as never }));
    server.setRequestHandler('tools/call', async ({ params }, ctx) => {
      const tool = this.factory.tool(params.name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownToolMessage(params.name), { name: params.name });
      const answer = await this.runner.run(tool, params.arguments ?? {}, context);
      // A payment waiting for the traveler: the issuer page by URL elicitation, to a client that declared it.
      return (paymentActionElicitation(answer, ctx.mcpReq.envelope, ctx.mcpReq.inputResponses) ?? toolResult(tool, answer)) as never;
    });
    server.setRequestHandler('resources/list', () => ({ resources: [] }));
    server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [{ uriTemplate: PROPERTY_RESOURCE_TEMPLATE, ...PROPERTY_RESOURCE }] }));
    // An unknown resource is -32602 with its uri (2026-07-28; -32002 before).
    server.setRequestHandler('resources/read', async ({ params }) => {
      const slug = propertySlugOf(params.uri);
      if (slug === null) throw new ResourceNotFoundError(params.uri);
      const answer = await readProperty(this.runner, slug, context);
      if (!answer.ok && answer.envelope.error.code === 'property_not_found') throw new ResourceNotFoundError(params.uri);
      return { contents: propertyContents(params.uri, answer) };
    });
    return server;
  }
}

/**
 * `server/discover` lists every revision of this endpoint, the handshake ones included, as our
 * UnsupportedProtocolVersionError does (the revision's own example of that error names
 * 2025-11-25 too); SDK 2.4.0 lists the per-request revisions only. `createMcpHandler` installs
 * its discover handler after the factory returns, over `_ondiscover`, so that is what is wrapped
 * (the SDK version is pinned; mcp-protocol-revisions.e2e-spec.ts checks the list).
 */
function listAllRevisions(server: Server): void {
  const internals = server as unknown as { _ondiscover: () => Record<string, unknown> };
  const discover = internals._ondiscover.bind(server);
  internals._ondiscover = () => ({ ...discover(), supportedVersions: [...MCP_PROTOCOL_VERSIONS] });
}
