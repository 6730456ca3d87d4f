import { NEXT_ACTION_RELS, RECEIPT_KINDS } from '@hcs/contracts';
import { RECEIPT_CANONICAL_FORM } from '@hcs/domain';
import type { AppConfig } from '@hcs/platform';
import type { CapabilityOptions } from './capability.decorator';
import type { RouteInfo } from './route-table';
import { MCP_PROTOCOL_VERSIONS } from '../mcp/mcp-protocol';

type CapabilityRoute = RouteInfo & { capability: CapabilityOptions };

/**
 * Steps of the documented flows, by capability id. Method and path come from the route table
 * when the capability is served; the fallback here is only used while a step's route is not
 * mounted in this build.
 */
export const FLOWS: Array<{ id: string; description: string; steps: Array<{ capability: string; method: string; href: string; description: string }> }> = [
  {
    id: 'book_a_room',
    description: 'Find a room, freeze its price, reserve it and book it for a traveler.',
    steps: [
      { capability: 'search', method: 'POST', href: '/v1/search', description: 'Search availability; follow the next action with rel quote.' },
      { capability: 'get_property', method: 'GET', href: '/v1/properties/{id}', description: 'Optionally read the property, its room types and rate plans.' },
      {
        capability: 'create_quote',
        method: 'POST',
        href: '/v1/quotes',
        description: 'Quote the chosen room type and rate plan: price breakdown and policy snapshot, valid until expires_at.',
      },
      {
        capability: 'create_hold',
        method: 'POST',
        href: '/v1/holds',
        description: 'Hold the room from the quote (Idempotency-Key); inventory is reserved until expires_at.',
      },
      {
        capability: 'confirm_booking',
        method: 'POST',
        href: '/v1/bookings',
        description:
          'Book the hold for the traveler (X-Delegated-User; a client_reference of your own and/or an Idempotency-Key); the answer carries a booking_confirmed receipt.',
      },
      {
        capability: 'find_booking',
        method: 'GET',
        href: '/v1/bookings?client_reference={client_reference}',
        description:
          'Recovery: after a timeout or a lost answer, look up by client_reference before retrying: confirmed (the booking), failed (error_code) or pending (ask again after retry_after). Retry the confirmation only when it is failed or unknown (booking_not_found), with the same client_reference.',
      },
      { capability: 'get_booking', method: 'GET', href: '/v1/bookings/{id}', description: 'Read the booking.' },
    ],
  },
  {
    id: 'cancel_with_refund',
    description: 'Cancel a booking under its frozen policy and follow the refund.',
    steps: [
      { capability: 'get_booking', method: 'GET', href: '/v1/bookings/{id}', description: 'Read the booking and its policy snapshot.' },
      {
        capability: 'preview_cancellation',
        method: 'GET',
        href: '/v1/bookings/{id}/cancellation-preview',
        description: 'Tell the traveler what cancelling now costs (fee, refund, free_until) with the delegation you will cancel with; nothing changes.',
      },
      {
        capability: 'cancel_booking',
        method: 'POST',
        href: '/v1/bookings/{id}/cancel',
        description: 'Cancel for the traveler (X-Delegated-User); the fee comes from the frozen policy; receipt booking_cancelled.',
      },
      { capability: 'get_refund', method: 'GET', href: '/v1/refunds/{id}', description: 'Read the refund created for the amount above the fee.' },
      { capability: 'verify_receipt', method: 'POST', href: '/v1/receipts/verify', description: 'Verify the signed receipt.' },
    ],
  },
];

export const PROTOCOL_VERSION = '1.0';

/**
 * The agent card (docs/mcp.md, docs/booking-chain.md). Capabilities, idempotent endpoints and delegation-gated routes are read
 * from the served routes (`@Capability`, `@Idempotent`, `@RequiresDelegation`), so the card
 * cannot drift from what the app does.
 */
export function buildAgentCard(config: AppConfig, routes: RouteInfo[], mcpTools: readonly McpToolRef[] = []) {
  const base = config.baseUrl;
  const capabilities = routes.filter((r): r is CapabilityRoute => r.capability !== null);
  const byId = new Map(capabilities.map((c) => [c.capability.id, c]));
  return {
    name: 'Hospitality Commerce Service',
    description:
      'Multi-tenant hotel commerce for AI agents: search, quote, hold, book and cancel hotel rooms with explained results, frozen prices and signed receipts.',
    version: config.serviceVersion,
    protocol_version: PROTOCOL_VERSION,
    url: base,
    openapi_url: `${base}/openapi.json`,
    ai_plugin_url: `${base}/.well-known/ai-plugin.json`,
    docs_url: config.docsUrl,
    error_catalog_url: `${base}/.well-known/errors`,
    auth: {
      schemes: [
        {
          type: 'bearer',
          name: 'Authorization',
          required: true,
          description:
            'Authorization: Bearer <agent API key or OAuth access token>. Catalog reads (GET /v1/properties*, POST /v1/search) may instead be anonymous with X-Tenant-Id, at a stricter rate limit.',
        },
        {
          type: 'oauth2',
          name: 'client_credentials',
          required: false,
          description: `POST ${base}/oauth/token with client_id = agent id and client_secret = the agent secret; metadata at ${base}/.well-known/oauth-authorization-server.`,
        },
        {
          type: 'header',
          name: 'X-Tenant-Id',
          required: false,
          description: 'Tenant UUID. Must equal the credential tenant when sent with a bearer; names the tenant of an anonymous catalog read.',
        },
      ],
    },
    transports: buildTransports(config, capabilities, mcpTools),
    capabilities: capabilities.map((c) => ({
      id: c.capability.id,
      description: c.capability.description,
      method: c.method,
      href: c.path,
      idempotent: c.capability.idempotent,
      next_rel: c.capability.next_rel,
    })),
    flows: FLOWS.map((flow) => ({
      id: flow.id,
      description: flow.description,
      steps: flow.steps.map((step) => {
        const served = byId.get(step.capability);
        return { capability: step.capability, method: served?.method ?? step.method, href: served?.path ?? step.href, description: step.description };
      }),
    })),
    contracts: {
      envelope: {
        success_fields: ['data', 'trace_id', 'next_actions', 'expires_at', 'receipt'],
        error_fields: ['code', 'message', 'detail', 'remediation', 'retry_after', 'docs_url', 'trace_id', 'next_actions'],
        next_action_rels: [...NEXT_ACTION_RELS],
        description:
          'Every /v1 answer is {data, trace_id, next_actions[, expires_at, receipt]}; every failure is {error: {...}} with a stable code to branch on.',
      },
      idempotency: {
        body_field: 'idempotency_key',
        header: 'Idempotency-Key',
        scoped_endpoints: routes.filter((r) => r.idempotency !== null).map((r) => `${r.method} ${r.path}`),
        description:
          'Send Idempotency-Key (or body field idempotency_key, used by MCP tools); required on POST /v1/bookings unless the body carries a client_reference. Same key and body replays the stored answer with Idempotent-Replayed: true; same key with another body is idempotency_conflict. Scope: tenant + principal + route + key. ' +
          'A client_reference (1-64 of A-Z a-z 0-9 . _ : -, unique per agent) names the booking across keys: the same reference answers the booking already made for it (client_reference_conflict when it names another hold), and GET /v1/bookings?client_reference= tells confirmed, failed or pending forever after; after a timeout, look it up before retrying.',
      },
      trace_context: {
        propagation: 'w3c-traceparent',
        header: 'traceparent',
        description: 'Send a W3C traceparent; its trace id is echoed as trace_id, in the traceparent response header, in logs and in the booking audit.',
      },
      receipts: {
        algorithm: 'HS256',
        kinds: [...RECEIPT_KINDS],
        verify_endpoint: '/v1/receipts/verify',
        // The chain's own statement of what it signs, so card and code agree.
        canonical_form: RECEIPT_CANONICAL_FORM,
        description:
          'Signed outcomes (booking confirmation, cancellation, refund) carry a receipt; payload_hash is sha256 of the outcome; verify with POST /v1/receipts/verify {receipt}.',
      },
      mcp: {
        endpoint: `${config.mcpUrl}/mcp`,
        protocol_versions: [...MCP_PROTOCOL_VERSIONS],
        description: `${MCP_PROTOCOL_VERSIONS[0]}: stateless, no initialize; send _meta io.modelcontextprotocol/protocolVersion and clientCapabilities and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers on every request; server/discover lists versions and capabilities. ${MCP_PROTOCOL_VERSIONS.slice(1).join(' and ')}: the initialize handshake, no session. Another version gets -32022 with data.supported; a JSON-RPC batch is refused (-32600); a browser Origin outside MCP_ALLOWED_ORIGINS gets 403.`,
      },
      pagination: {
        strategy: 'cursor',
        description: 'Lists take limit (1-100, default 20) and an opaque cursor; data.next_cursor is the cursor of the next page, null on the last.',
      },
      delegation: {
        header: 'X-Delegated-User',
        token_type: 'jwt',
        accepted_algorithms: ['RS256', 'ES256'],
        required_claims: ['iss', 'sub', 'aud', 'exp'],
        gated_routes: routes.filter((r) => r.delegation).map((r) => ({ method: r.method, href: r.path })),
        error_codes: { missing_header: 'delegation_required', verification_failed: 'delegation_invalid', issuer_not_trusted: 'delegation_issuer_unknown' },
        description: `Booking and cancellation act for a traveler: send a short-lived JWT from a registered issuer (see ${base}/.well-known/delegation-issuers) whose aud includes ${config.delegationAudience}.`,
      },
    },
  };
}

export type AgentCard = ReturnType<typeof buildAgentCard>;

/** An MCP tool as discovery sees it: its name and the REST route (controller method) it mirrors. */
export interface McpToolRef {
  name: string;
  description: string;
  mirrors: { controller: { name: string }; handler: string };
}

/**
 * The transports an agent can use: REST, and MCP with one tool per capability (docs/mcp.md), each
 * tool naming the capability it runs, so a client can move between the two.
 */
function buildTransports(config: AppConfig, capabilities: CapabilityRoute[], mcpTools: readonly McpToolRef[]) {
  const tools = mcpTools.map((tool) => {
    const route = capabilities.find((c) => c.controller === tool.mirrors.controller.name && c.handler === tool.mirrors.handler);
    return { name: tool.name, capability: route?.capability.id ?? null, description: tool.description };
  });
  return [
    { type: 'https+json', url: `${config.baseUrl}/v1`, description: 'REST: the capabilities below at their method and href.' },
    {
      type: 'mcp',
      url: `${config.mcpUrl}/mcp`,
      protocol: 'streamable-http',
      protocol_versions: [...MCP_PROTOCOL_VERSIONS],
      stateless: true,
      description: `MCP (streamable HTTP, stateless) with the same bearer, protocol revisions ${MCP_PROTOCOL_VERSIONS.join(', ')}: ${MCP_PROTOCOL_VERSIONS[0]} needs no initialize (server/discover, per-request _meta, Mcp-Method and Mcp-Name headers), the older ones use the initialize handshake. Each tool runs its capability; structuredContent is the REST success envelope (content[0] is its JSON text copy), a failure is isError with the REST error envelope. One JSON-RPC message per POST (batches are refused).`,
      tools,
    },
  ];
}
