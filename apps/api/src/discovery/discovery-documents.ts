import type { AppConfig } from '@hcs/platform';
import type { CapabilityOptions } from './capability.decorator';
import type { RouteInfo } from './route-table';

type CapabilityRoute = RouteInfo & { capability: CapabilityOptions };

export const ACP_PROTOCOL_VERSION = '2025-09-29';
const SERVICE_NAME = 'Hospitality Commerce Service';
const SERVICE_DESCRIPTION = 'Multi-tenant hotel booking backend for AI agents: search, quote, hold, book, cancel, with signed receipts.';

/** Absolute addresses of every discovery document, on BASE_URL. */
export function discoveryLinks(config: AppConfig) {
  const base = config.baseUrl;
  return {
    agent_card: `${base}/.well-known/agent-card.json`,
    a2a_agent: `${base}/.well-known/agent.json`,
    ai_plugin: `${base}/.well-known/ai-plugin.json`,
    openapi_json: `${base}/openapi.json`,
    openapi_yaml: `${base}/openapi.yaml`,
    health: `${base}/healthz`,
    ready: `${base}/readyz`,
    oauth_authorization_server: `${base}/.well-known/oauth-authorization-server`,
    openid_configuration: `${base}/.well-known/openid-configuration`,
    oauth_protected_resource: `${base}/.well-known/oauth-protected-resource`,
    acp_discovery: `${base}/.well-known/acp.json`,
  };
}

export function buildServiceIndex(config: AppConfig) {
  const base = config.baseUrl;
  return {
    name: SERVICE_NAME,
    description: SERVICE_DESCRIPTION,
    version: config.serviceVersion,
    links: discoveryLinks(config),
    // Extras beyond the documents agents need, for humans and crawlers.
    api_base_url: `${base}/v1`,
    docs_url: config.docsUrl,
    error_catalog_url: `${base}/.well-known/errors`,
    api_catalog_url: `${base}/.well-known/api-catalog`,
    mcp_url: `${config.mcpUrl}/mcp`,
  };
}

/** A contact address on the site's domain; a dotless host (localhost) gets a reserved example domain. */
function contactEmail(config: AppConfig): string {
  const host = new URL(config.siteUrl).hostname;
  return `support@${host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'hospitality-commerce.example'}`;
}

export function buildAiPlugin(config: AppConfig) {
  const base = config.baseUrl;
  return {
    schema_version: 'v1',
    name_for_human: 'Hotel Commerce',
    name_for_model: 'hospitality_commerce',
    description_for_human: 'Search, quote and book hotel rooms.',
    description_for_model:
      'Hotel booking for agents. Call POST /v1/search with stay {check_in, check_out} and guests {adults, children}, then follow next_actions: rel quote -> POST /v1/quotes, then POST /v1/holds, then POST /v1/bookings (Idempotency-Key, X-Delegated-User). Prices and cancellation terms come only from the quote. Branch on error.code.',
    auth: { type: 'user_http', authorization_type: 'bearer' },
    api: { type: 'openapi', url: `${base}/openapi.json`, is_user_authenticated: false },
    logo_url: `${base}/logo.svg`,
    contact_email: contactEmail(config),
    legal_info_url: `${config.docsUrl}#legal`,
  };
}

function skillName(id: string): string {
  const words = id.split('_');
  return [words[0].charAt(0).toUpperCase() + words[0].slice(1), ...words.slice(1)].join(' ');
}

/** Agent-to-agent card (A2A AgentCard), skills from the served capabilities. */
export function buildA2aCard(config: AppConfig, capabilities: CapabilityRoute[]) {
  const base = config.baseUrl;
  return {
    name: SERVICE_NAME,
    description: SERVICE_DESCRIPTION,
    url: `${base}/v1`,
    version: config.serviceVersion,
    provider: { organization: SERVICE_NAME, url: config.siteUrl },
    documentationUrl: config.docsUrl,
    iconUrl: `${base}/logo.svg`,
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: true },
    skills: capabilities.map((c) => ({
      id: c.capability.id,
      name: skillName(c.capability.id),
      description: c.capability.description,
      tags: ['hotel', c.path.split('/')[2] ?? 'v1'],
      examples: [`${c.method} ${c.path}`],
      inputModes: ['application/json'],
      outputModes: ['application/json'],
    })),
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    authentication: { schemes: ['bearer', 'oauth2'] },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'opaque API key or JWT access token', description: 'Agent API key or OAuth access token.' },
      oauth2: {
        type: 'oauth2',
        description: 'client_credentials grant; client_id is the agent id, client_secret the agent secret.',
        flows: {
          clientCredentials: {
            tokenUrl: `${base}/oauth/token`,
            scopes: {
              'catalog:read': 'Read the catalog and search',
              'booking:write': 'Quote, hold, book, cancel',
              'booking:read': 'Read bookings, audit, receipts',
            },
          },
        },
      },
      tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant-Id', description: 'Tenant UUID; alone it allows anonymous catalog reads.' },
    },
    security: [{ bearer: [] }, { oauth2: ['catalog:read', 'booking:write', 'booking:read'] }],
  };
}

/** ACP discovery (descriptive only: no ACP checkout, payment objects or webhooks). */
export function buildAcpDiscovery(config: AppConfig) {
  const base = config.baseUrl;
  return {
    protocol: { name: 'acp', version: ACP_PROTOCOL_VERSION },
    api_base_url: `${base}/v1`,
    transports: ['https+json', 'mcp'],
    transport_endpoints: { 'https+json': `${base}/v1`, mcp: `${config.mcpUrl}/mcp` },
    capabilities: { services: ['catalog', 'pricing', 'reservation', 'booking'] },
    documentation_url: config.docsUrl,
    agent_card_url: `${base}/.well-known/agent-card.json`,
    openapi_url: `${base}/openapi.json`,
    supported_versions: [ACP_PROTOCOL_VERSION],
  };
}

/** RFC 9727 API catalog as an RFC 9264 linkset. */
export function buildApiCatalog(config: AppConfig) {
  const base = config.baseUrl;
  return {
    linkset: [
      {
        anchor: `${base}/v1`,
        'service-desc': [
          { href: `${base}/openapi.json`, type: 'application/vnd.oai.openapi+json' },
          { href: `${base}/openapi.yaml`, type: 'application/vnd.oai.openapi' },
        ],
        'service-doc': [{ href: config.docsUrl, type: 'text/html' }],
        'service-meta': [
          { href: `${base}/.well-known/agent-card.json`, type: 'application/json' },
          { href: `${base}/.well-known/agent.json`, type: 'application/json' },
          { href: `${base}/.well-known/ai-plugin.json`, type: 'application/json' },
          { href: `${base}/.well-known/acp.json`, type: 'application/json' },
          { href: `${base}/.well-known/errors`, type: 'application/json' },
        ],
        status: [{ href: `${base}/healthz`, type: 'application/json' }],
      },
    ],
  };
}
