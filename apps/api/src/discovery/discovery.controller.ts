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

/**
 * A document whose standard gives its shape: its required fields, each defined by what it holds
 * (the document may carry more fields).
 */
const documentSchema = (fields: Record<string, string>) => ({
  type: 'object' as const,
  required: Object.keys(fields),
  properties: Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { description }])),
  additionalProperties: true,
});
const obj = (description: string, fields: Record<string, string>) => ({ description, schema: documentSchema(fields) });

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
  @ApiOperation({
    summary: 'Service index: name, version and links to every discovery document',
    description:
      'Where an agent starts: the service name, description and version, with absolute links (on BASE_URL) to the agent cards, the plugin manifest, this OpenAPI document, the health probes, the OAuth metadata and the ACP discovery document. Bare JSON, no envelope.',
  })
  @ApiOkResponse(
    obj('Service index.', {
      name: 'The service name.',
      description: 'What the service does, in one sentence.',
      version: 'The version of the running service.',
      links: 'Absolute URL of each discovery document and health probe, by name.',
    }),
  )
  index(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'index', () => buildServiceIndex(this.config));
  }

  @Get('.well-known/agent-card.json')
  @Header('Content-Type', 'application/json')
  @ApiOperation({
    summary: 'Agent card: capabilities (from the served routes), flows and contracts',
    description:
      'The capabilities are read from the routes this process serves, so the card names no route that is not mounted; the flows chain them (search to booking), and the contracts state the envelope, idempotency, trace context, receipts and MCP rules. Bare JSON, no envelope.',
  })
  @ApiOkResponse(
    obj('Agent card.', {
      name: 'The service name.',
      description: 'What the service does.',
      version: 'The version of the running service.',
      protocol_version: 'The version of this card format.',
      capabilities: 'The served capabilities: id, description, method, href, whether idempotent, and the next_actions rel they lead to.',
      flows: 'Documented sequences of capabilities, each step with its method and href.',
      contracts: 'The wire rules: envelope, idempotency, trace context, receipts and MCP.',
    }),
  )
  card(@Res({ passthrough: true }) res: Response): string {
    // The route table cannot change after boot: build once.
    return this.documents.send(res, 'agent-card', (): AgentCard => buildAgentCard(this.config, this.routes.routes(), MCP_TOOLS));
  }

  @Get('.well-known/ai-plugin.json')
  @Header('Content-Type', 'application/json')
  @ApiOperation({
    summary: 'OpenAI-style plugin manifest',
    description:
      "The plugin manifest: names and descriptions for humans and for the model, bearer authentication, and this OpenAPI document's address. Bare JSON, no envelope.",
  })
  @ApiOkResponse(
    obj('Plugin manifest.', {
      schema_version: 'The manifest format version.',
      name_for_human: 'The name shown to people.',
      name_for_model: 'The name a model calls the plugin by.',
      auth: 'How a caller authenticates (a bearer).',
      api: 'The API description: its type (openapi) and URL.',
    }),
  )
  aiPlugin(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'ai-plugin', () => buildAiPlugin(this.config));
  }

  @Get('.well-known/agent.json')
  @ApiOperation({
    summary: 'Agent-to-agent (A2A) card',
    description:
      'The A2A AgentCard: one skill per capability of the served routes, with the bearer, OAuth client-credentials and tenant header security schemes. Bare JSON, no envelope.',
  })
  @ApiOkResponse(
    obj('A2A agent card.', {
      name: 'The service name.',
      url: 'The base URL of the REST API (/v1).',
      version: 'The version of the running service.',
      skills: 'One skill per served capability: id, name, description, tags, an example call and the media types.',
    }),
  )
  a2a() {
    return buildA2aCard(this.config, this.routes.capabilities());
  }

  @Get('.well-known/acp.json')
  @Header('Content-Type', 'application/json')
  @ApiOperation({
    summary: 'ACP discovery document (descriptive only)',
    description:
      'Where the REST (/v1) and MCP transports are and which commerce capabilities the service offers. Descriptive only: the service has no ACP checkout, payment objects or webhooks. Bare JSON, no envelope.',
  })
  @ApiOkResponse(
    obj('ACP discovery.', {
      protocol: 'The protocol name (acp) and version.',
      api_base_url: 'The base URL of the REST API (/v1).',
      transports: 'The transports offered (https+json, mcp).',
      transport_endpoints: 'The URL of each transport, by name.',
      capabilities: 'The commerce services offered.',
    }),
  )
  acp(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'acp', () => buildAcpDiscovery(this.config));
  }

  @Get('.well-known/api-catalog')
  @Header('Content-Type', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"')
  @ApiOperation({
    summary: 'API catalog (RFC 9727 linkset)',
    description:
      'The API catalog: for /v1, links to this OpenAPI document (JSON and YAML), the reference documentation, the discovery documents and the health probe.',
  })
  @ApiProduces('application/linkset+json')
  @ApiOkResponse({
    description: 'RFC 9264 linkset.',
    content: { 'application/linkset+json': { schema: documentSchema({ linkset: 'Link context objects: an anchor with its links by relation type.' }) } },
  })
  apiCatalog(@Res({ passthrough: true }) res: Response): string {
    return this.documents.send(res, 'api-catalog', () => buildApiCatalog(this.config));
  }

  @Get('logo.svg')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({ summary: 'Service logo', description: 'The SVG logo the plugin manifest and the A2A card point to; cacheable for a day.' })
  @ApiProduces('image/svg+xml')
  @ApiOkResponse({ description: 'SVG logo.', content: { 'image/svg+xml': { schema: { type: 'string' } } } })
  logo(): string {
    return LOGO;
  }
}
