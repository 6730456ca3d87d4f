import { Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { Actor, CurrentActor } from '@hcs/auth';
import { Bare } from '../http/bare.decorator';
import { McpServerFactory } from './mcp-server.factory';

/**
 * Streamable HTTP MCP at /mcp (docs/mcp.md), stateless: a fresh server and transport per POST,
 * so no session lives in a process and any api instance answers. The global guards have already
 * authenticated the bearer and counted the rate limit; the body went through the app's parser and
 * size limit. The SDK transport writes to the Node response itself, which is why this one
 * controller takes the raw request and response.
 */
@ApiTags('mcp')
@ApiBearerAuth()
@Bare()
@Controller('mcp')
export class McpController {
  constructor(private readonly factory: McpServerFactory) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'MCP over streamable HTTP (stateless): one JSON-RPC message in, its JSON answer out.',
    description:
      "initialize, tools/list, tools/call, resources/read. Each tool runs the use case of the REST route it mirrors, with that route's scopes; structuredContent is the REST success envelope, a failure is isError with the REST error envelope. GET and DELETE answer 405 (no sessions). See docs/mcp.md.",
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
