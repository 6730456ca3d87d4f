/**
 * Every admin API operation the console calls, by name: the one table the typed client
 * (client.ts) builds requests from and the OpenAPI check (test/e2e/console/console-client.e2e-spec.ts)
 * compares with `/openapi.json`. `feature` marks operations whose route may not exist yet: the
 * console shows their pages and buttons only when the route is in the OpenAPI document.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  /** OpenAPI path template: `/v1/bookings/{id}`. */
  path: string;
  feature?: Feature;
}

export type Feature = 'webhooks' | 'webhookDeliveries' | 'webhookReplay' | 'refunds' | 'oversellIncidents' | 'cancellationPreview';

export const OPERATIONS = {
  // Bookings
  listBookings: { method: 'GET', path: '/v1/admin/bookings' },
  getBooking: { method: 'GET', path: '/v1/bookings/{id}' },
  getBookingAudit: { method: 'GET', path: '/v1/bookings/{id}/audit' },
  cancelBooking: { method: 'POST', path: '/v1/admin/bookings/{id}/cancel' },
  getRefund: { method: 'GET', path: '/v1/refunds/{id}' },
  cancellationPreview: { method: 'GET', path: '/v1/admin/bookings/{id}/cancellation-preview', feature: 'cancellationPreview' },
  issueRefund: { method: 'POST', path: '/v1/admin/bookings/{id}/refunds', feature: 'refunds' },
  // Inventory and rates
  listProperties: { method: 'GET', path: '/v1/admin/properties' },
  getProperty: { method: 'GET', path: '/v1/admin/properties/{id}' },
  readInventory: { method: 'GET', path: '/v1/admin/room-types/{id}/inventory' },
  setInventory: { method: 'PUT', path: '/v1/admin/room-types/{id}/inventory' },
  readRates: { method: 'GET', path: '/v1/admin/rate-plans/{id}/rates' },
  readRestrictions: { method: 'GET', path: '/v1/admin/rate-plans/{id}/restrictions' },
  setRestrictions: { method: 'PUT', path: '/v1/admin/rate-plans/{id}/restrictions' },
  setRates: { method: 'PUT', path: '/v1/admin/rate-plans/{id}/rates' },
  updateRatePlan: { method: 'PATCH', path: '/v1/admin/rate-plans/{id}' },
  updateProperty: { method: 'PATCH', path: '/v1/admin/properties/{id}' },
  // Agents and credentials
  listAgents: { method: 'GET', path: '/v1/admin/agents' },
  createAgent: { method: 'POST', path: '/v1/admin/agents' },
  getAgent: { method: 'GET', path: '/v1/admin/agents/{id}' },
  updateAgent: { method: 'PATCH', path: '/v1/admin/agents/{id}' },
  rotateCredential: { method: 'POST', path: '/v1/admin/agents/{id}/credentials' },
  revokeCredential: { method: 'DELETE', path: '/v1/admin/agents/{id}/credentials/{credentialId}' },
  // Delegation issuers
  listIssuers: { method: 'GET', path: '/v1/admin/delegation-issuers' },
  createIssuer: { method: 'POST', path: '/v1/admin/delegation-issuers' },
  updateIssuer: { method: 'PATCH', path: '/v1/admin/delegation-issuers/{id}' },
  // Webhooks (docs/events.md once they land)
  listWebhooks: { method: 'GET', path: '/v1/admin/webhooks', feature: 'webhooks' },
  createWebhook: { method: 'POST', path: '/v1/admin/webhooks', feature: 'webhooks' },
  updateWebhook: { method: 'PATCH', path: '/v1/admin/webhooks/{id}', feature: 'webhooks' },
  testWebhook: { method: 'POST', path: '/v1/admin/webhooks/{id}/test', feature: 'webhooks' },
  listDeliveries: { method: 'GET', path: '/v1/admin/webhooks/{id}/deliveries', feature: 'webhookDeliveries' },
  replayDelivery: { method: 'POST', path: '/v1/admin/webhook-deliveries/{id}/replay', feature: 'webhookReplay' },
  // Channel managers (docs/channels-out.md)
  listChannelConnections: { method: 'GET', path: '/v1/admin/channel-connections' },
  listChannelDeliveries: { method: 'GET', path: '/v1/admin/channel-connections/{id}/deliveries' },
  replayChannelDelivery: { method: 'POST', path: '/v1/admin/channel-deliveries/{id}/replay' },
  // Channel managers in: channels, their credentials and messages (docs/channels.md)
  listChannels: { method: 'GET', path: '/v1/admin/channels' },
  createChannel: { method: 'POST', path: '/v1/admin/channels' },
  rotateChannel: { method: 'POST', path: '/v1/admin/channels/{id}/rotate' },
  revokeChannel: { method: 'POST', path: '/v1/admin/channels/{id}/revoke' },
  listChannelMessages: { method: 'GET', path: '/v1/admin/channels/{id}/messages' },
  // Oversell incidents
  listIncidents: { method: 'GET', path: '/v1/admin/oversell-incidents', feature: 'oversellIncidents' },
  resolveIncident: { method: 'POST', path: '/v1/admin/oversell-incidents/{id}/resolve', feature: 'oversellIncidents' },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * Operations whose exact path is not fixed by our documents (secret rotation and bulk dead-letter
 * replay of webhooks): found in the OpenAPI document by shape, used only when found.
 */
export const DISCOVERED = {
  rotateWebhookSecret: { method: 'POST', pattern: /^\/v1\/admin\/webhooks\/\{[^}]+\}\/(rotate|rotate-secret|secret\/rotate|secrets?\/rotations?)$/ },
  replayDeadLetter: {
    method: 'POST',
    pattern: /^\/v1\/admin\/webhooks\/\{[^}]+\}\/(dead-letter|deliveries)\/replay$|^\/v1\/admin\/webhooks\/\{[^}]+\}\/replay(-dead)?$/,
  },
} as const;

/** `/v1/x/{id}` and `/v1/x/{bookingId}` name the same route. */
export function normalizePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}
