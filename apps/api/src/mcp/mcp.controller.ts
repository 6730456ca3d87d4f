import { Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { Actor, CurrentActor } from '@hcs/auth';
import { Bare } from '../http/bare.decorator';
import { McpServerFactory } from './mcp-server.factory';
import { McpHttpAnswer, routeOf } from './mcp-protocol';
import { McpModernHandler } from './mcp-modern.handler';

/**
 * Streamable HTTP MCP at /mcp (docs/mcp.md), stateless in every revision: no session lives in a
 * process and any api instance answers. The global guards have already authenticated the bearer
 * and counted the rate limit once; the body went through the app's parser and size limit. A batch
 * or an unsupported version is answered at once (`routeOf`); 2026-07-28 requests go to the SDK v2
 * handler, 2025-06-18 and 2025-11-25 requests to a fresh SDK v1 server and transport. Both write
 * the Node response themselves, which is why this one controller takes the raw request and response.
 */
@ApiTags('mcp')
@ApiBearerAuth()
@Bare()
@Controller('mcp')
export class McpController {
  constructor(
    private readonly factory: McpServerFactory,
    private readonly modern: McpModernHandler,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'MCP over streamable HTTP (stateless): one JSON-RPC message in, its JSON answer out.',
    description:
      "Protocol revisions 2026-07-28 (stateless: server/discover, per-request _meta, Mcp-Method and Mcp-Name headers, no initialize), 2025-11-25 and 2025-06-18 (initialize handshake). tools/list, tools/call, resources/read. A JSON-RPC batch is refused (400, -32600); a foreign Origin is 403; an unsupported version is 400 with -32022 and the supported versions. Each tool runs the use case of the REST route it mirrors, with that route's scopes; structuredContent is the REST success envelope, a failure is isError with the REST error envelope. GET and DELETE answer 405 (no sessions). See docs/mcp.md.",
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['jsonrpc', 'method'],
      properties: { jsonrpc: { enum: ['2.0'] }, id: {}, method: { type: 'string' }, params: { type: 'object' } },
    },
  })
  @ApiOkResponse({
    description: 'The JSON-RPC answer (bare, not the success envelope).',
    schema: {
      type: 'object',
      required: ['jsonrpc'],
      properties: { jsonrpc: { enum: ['2.0'] }, id: {}, result: { type: 'object' }, error: { type: 'object' } },
    },
  })
  async handle(
    @Req() req: Request,
    @Res() res: Response,
    @CurrentActor() actor: Actor,
    @Headers('x-delegated-user') delegationHeader: string | undefined,
  ): Promise<void> {
    const route = routeOf({ headers: req.headers, body: req.body });
    if (route.era === 'refused') return send(res, route.answer);
    if (route.era === 'modern') return this.modern.handle(req, res, { actor, delegationHeader });
    const server = this.factory.create({ actor, delegationHeader });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }
}

function send(res: Response, answer: McpHttpAnswer): void {
  res.status(answer.status).type('application/json').send(JSON.stringify(answer.body));
}
