/**
 * The tags of the OpenAPI document (`@ApiTags` on the controllers), each with what its routes are
 * for, in the order the document declares them. The document declares the tags its operations
 * use; one missing here is declared without a description, which the lint test refuses
 * (docs/api-contract.md "The OpenAPI document").
 */
export const OPENAPI_TAGS: Readonly<Record<string, string>> = {
  discovery:
    'Public documents that describe the service: the service index, agent cards, plugin manifest, ACP discovery, API catalog, OAuth metadata and signing keys, delegation issuers, the error catalog and this OpenAPI document with its reference pages. No credential; not counted by the rate limiter.',
  health: 'Liveness and readiness probes for orchestrators. No credential; not counted by the rate limiter.',
  oauth:
    'The OAuth 2.0 token endpoint (client_credentials grant): an agent exchanges its id and secret for an access token. Its errors are flat RFC 6749 errors, not the error envelope.',
  search: 'Availability search over the promoted properties of a tenant: the first step of the booking chain, whose next_actions lead to a quote.',
  properties: "Catalog reads: the tenant's promoted properties with their room types and rate plans. A bearer, or X-Tenant-Id alone for anonymous reads.",
  'booking chain':
    'Quote, hold, book, cancel, refund and verify receipts: the path from a search result to a confirmed stay and back. Writes honour Idempotency-Key; some need the traveler delegation (X-Delegated-User).',
  'guest follow-ups': "Messages to a booking's guest, scheduled by its agent or a tenant admin and sent by the worker at send_at.",
  advisor: 'Advisor sessions: questions about one property, answered from its catalog facts with the facts used and suggested next steps.',
  mcp: 'The Model Context Protocol endpoint (streamable HTTP, stateless): the REST operations as MCP tools, with the same credentials, scopes and errors.',
  feeds: "Google Hotel Center feeds (XML) of a tenant's promoted properties: hotel list, ARI transaction and point-of-sale landing pages.",
  admin:
    "Tenant administration for admin credentials: agents and their credentials, admin keys, booking authorizations, booking search, cancellation on a traveler's behalf, refunds, delegation issuers, webhooks, oversell incidents and follow-up settings.",
  'admin-catalog':
    'Catalog management for admin credentials: properties and their promotion, room types, rate plans, cancellation policies, inventory, nightly rates and FX rates.',
  channels:
    'Channel managers in: OpenTravel ARI messages (availability, restrictions, rates, inventory counts) as plain XML, authenticated by a channel credential (Bearer or HTTP Basic).',
  payments:
    "The card payment provider's own routes: the signed Stripe webhook that settles a payment the traveler had to authenticate, and the page the traveler's browser returns to. No credential: the webhook's signature is its credential.",
};
