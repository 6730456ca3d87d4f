import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public, SkipRateLimit } from '@hcs/auth';
import { AppConfig } from '@hcs/platform';
import { Bare } from '../http/bare.decorator';
import { ErrorEnvelopeModel, SuccessEnvelopeModel } from '../http/openapi/envelope.models';
import { MCP_TOOLS } from '../mcp/tools';
import { AgentCard, buildAgentCard } from './agent-card';
import { buildA2aCard, buildAcpDiscovery, buildAiPlugin, buildApiCatalog, buildServiceIndex } from './discovery-documents';
import { RouteTable } from './route-table';
import { RenderedDocuments } from './rendered-documents';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

const obj = (description: string, required: string[] = []) => ({ description, schema: { type: 'object' as const, required, additionalProperties: true } });

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="12" fill="#1f4e79"/><path d="M14 48V20h6v11h12V20h6v28h-6V36H20v12z" fill="#fff"/><circle cx="47" cy="22" r="5" fill="#f2b134"/></svg>`;

/** Discovery documents in the shapes their public standards give; no envelope (docs/api-contract.md "Envelopes"). */
@ApiTags('discovery')
@ApiExtraModels(SuccessEnvelopeModel, ErrorEnvelopeModel)
@Public()
// Static, cacheable documents: not counted by the rate limiter (the token endpoint is).
@SkipRateLimit()
@Bare()
@ReadsFromReplica()
@Controller()
export class DiscoveryController {
  constructor(
    private readonly config: AppConfig,
    private readonly routes: RouteTable,
    // Documents of the configuration and the routes alone: built once, then served as bytes.
    private readonly documents: RenderedDocuments,
  ) {}

  @Get()
  @Header('Content-Type', 'application/json')
  @ApiOperation({ summary: 'Service index: name, version and links to every discovery document' })
  @ApiOkResponse(obj('Service index.', ['name', 'description', 'version', 'links']))
  index(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'index', () => buildServiceIndex(this.config));
  }

  @Get('.well-known/agent-card.json')
  @Header('Content-Type', 'application/json')
  @ApiOperation({ summary: 'Agent card: capabilities (from the served routes), flows and contracts' })
  @ApiOkResponse(obj('Agent card.', ['name', 'description', 'version', 'protocol_version', 'capabilities', 'flows', 'contracts']))
  card(@Res({ passthrough: true }) res: Response): string {
    // The route table cannot change after boot: build once.
    return this.documents.send(res, 'agent-card', (): AgentCard => buildAgentCard(this.config, this.routes.routes(), MCP_TOOLS));
  }

  @Get('.well-known/ai-plugin.json')
  @Header('Content-Type', 'application/json')
  @ApiOperation({ summary: 'OpenAI-style plugin manifest' })
  @ApiOkResponse(obj('Plugin manifest.', ['schema_version', 'name_for_human', 'name_for_model', 'auth', 'api']))
  aiPlugin(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'ai-plugin', () => buildAiPlugin(this.config));
  }

  @Get('.well-known/agent.json')
  @ApiOperation({ summary: 'Agent-to-agent (A2A) card' })
  @ApiOkResponse(obj('A2A agent card.', ['name', 'url', 'version', 'skills']))
  a2a() {
    return buildA2aCard(this.config, this.routes.capabilities());
  }

  @Get('.well-known/acp.json')
  @Header('Content-Type', 'application/json')
  @ApiOperation({ summary: 'ACP discovery document (descriptive only)' })
  @ApiOkResponse(obj('ACP discovery.', ['protocol', 'api_base_url', 'transports', 'transport_endpoints', 'capabilities']))
  acp(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'acp', () => buildAcpDiscovery(this.config));
  }

  @Get('.well-known/api-catalog')
  @Header('Content-Type', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"')
  @ApiOperation({ summary: 'API catalog (RFC 9727 linkset)' })
  @ApiProduces('application/linkset+json')
  @ApiOkResponse({
    description: 'RFC 9264 linkset.',
    content: { 'application/linkset+json': { schema: { type: 'object', required: ['linkset'], additionalProperties: true } } },
  })
  apiCatalog(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'api-catalog', () => buildApiCatalog(this.config));
  }

  @Get('logo.svg')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({ summary: 'Service logo' })
  @ApiProduces('image/svg+xml')
  @ApiOkResponse({ description: 'SVG logo.', content: { 'image/svg+xml': { schema: { type: 'string' } } } })
  logo(): string {
    return LOGO;
  }
}
