import type { NextAction } from './next-action';

export interface CatalogEntry {
  status: number;
  /** Default human message; an error may carry a more specific one. */
  message: string;
  remediation: string;
  /** Generic next steps for the code; errors add concrete ones (with real ids) when they know them. */
  next_actions: NextAction[];
}

const requote: NextAction = { rel: 'quote', method: 'POST', href: '/v1/quotes' };
const search: NextAction = { rel: 'search', method: 'POST', href: '/v1/search' };
const retry = (href: string, method: NextAction['method'] = 'POST'): NextAction => ({ rel: 'retry', method, href });

/**
 * The one table of error code -> HTTP status, message and remediation (docs/api-contract.md "Errors", with the
 * transport codes of "Envelopes"). `GET /.well-known/errors` renders it; the error filter and the
 * MCP tools read it; a test proves every code thrown in the code base is listed here.
 */
export const ERROR_CATALOG = {
  validation_failed: {
    status: 400,
    message: 'The request is invalid.',
    remediation: 'detail.field_errors lists every failing path; fix all of them and retry.',
    next_actions: [],
  },
  unauthenticated: {
    status: 401,
    message: 'A valid credential is required.',
    remediation: 'Send Authorization: Bearer <API key or OAuth access token>.',
    next_actions: [{ rel: 'retry', method: 'POST', href: '/oauth/token' }],
  },
  delegation_required: {
    status: 401,
    message: 'This operation acts for a traveler and needs a delegation JWT.',
    remediation: 'Attach the traveler delegation JWT in the X-Delegated-User header.',
    next_actions: [],
  },
  delegation_invalid: {
    status: 401,
    message: 'The delegation JWT could not be verified.',
    remediation: 'See detail.reason (expired, bad_signature, missing_claim, audience_mismatch, unsupported_algorithm); mint a new delegation JWT.',
    next_actions: [],
  },
  delegation_issuer_unknown: {
    status: 401,
    message: 'The delegation issuer is not registered or not active.',
    remediation: 'A tenant admin registers the issuer (POST /v1/admin/delegation-issuers) or reactivates it.',
    next_actions: [],
  },
  payment_failed: {
    status: 402,
    message: 'The payment was declined.',
    remediation: 'Verify or replace the payment token; detail.provider_message says why.',
    next_actions: [],
  },
  forbidden: {
    status: 403,
    message: 'The credential lacks the scope this operation needs.',
    remediation: 'Use a credential with the scope named in detail.required_scopes.',
    next_actions: [],
  },
  resource_access_denied: {
    status: 403,
    message: 'The credential has no access to this resource.',
    remediation: 'Act on resources your principal owns, with a matching X-Tenant-Id and traveler.',
    next_actions: [],
  },
  principal_kind_not_allowed: {
    status: 403,
    message: 'This kind of principal cannot call this operation.',
    remediation: 'Admin routes need an admin credential; the booking chain needs an agent credential.',
    next_actions: [],
  },
  not_found: {
    status: 404,
    message: 'No such route.',
    remediation: 'Check the method and path against /openapi.json.',
    next_actions: [],
  },
  property_not_found: {
    status: 404,
    message: 'Property not found.',
    remediation: 'Refetch property ids from GET /v1/properties or POST /v1/search.',
    next_actions: [search],
  },
  room_type_not_found: {
    status: 404,
    message: 'Room type not found for this property.',
    remediation: 'Refetch room type ids from GET /v1/properties/{id}.',
    next_actions: [search],
  },
  rate_plan_not_found: {
    status: 404,
    message: 'Rate plan not found for this room type.',
    remediation: 'Refetch rate plan ids from GET /v1/properties/{id}.',
    next_actions: [search],
  },
  quote_not_found: {
    status: 404,
    message: 'Quote not found.',
    remediation: 'Create a new quote with POST /v1/quotes.',
    next_actions: [requote],
  },
  hold_not_found: {
    status: 404,
    message: 'Hold not found.',
    remediation: 'Create a new hold with POST /v1/holds from a live quote.',
    next_actions: [requote],
  },
  booking_not_found: {
    status: 404,
    message: 'Booking not found.',
    remediation: 'Check the booking id.',
    next_actions: [],
  },
  booking_room_not_found: {
    status: 404,
    message: 'The booking has no such room.',
    remediation:
      "Rooms are numbered from 1 in the order of the quote's rooms (GET /v1/bookings/{id} lists them in rooms); a booking made with guests has none: cancel it with POST /v1/bookings/{id}/cancel.",
    next_actions: [],
  },
  refund_not_found: {
    status: 404,
    message: 'Refund not found.',
    remediation: 'Check the refund id.',
    next_actions: [],
  },
  oversell_incident_not_found: {
    status: 404,
    message: 'Oversell incident not found.',
    remediation: 'Refetch incident ids from the admin incident list.',
    next_actions: [],
  },
  agent_not_found: {
    status: 404,
    message: 'Agent not found.',
    remediation: 'Refetch agent ids from GET /v1/admin/agents.',
    next_actions: [],
  },
  credential_not_found: {
    status: 404,
    message: 'Credential not found.',
    remediation: 'Refetch credential ids from GET /v1/admin/agents/{id}.',
    next_actions: [],
  },
  booking_authorization_not_found: {
    status: 404,
    message: 'Booking authorization not found.',
    remediation: 'Create one with POST /v1/admin/booking-authorizations.',
    next_actions: [],
  },
  delegation_issuer_not_found: {
    status: 404,
    message: 'Delegation issuer not found.',
    remediation: 'Refetch issuers from GET /v1/admin/delegation-issuers.',
    next_actions: [],
  },
  webhook_endpoint_not_found: {
    status: 404,
    message: 'Webhook endpoint not found.',
    remediation: 'Refetch endpoints from GET /v1/admin/webhooks.',
    next_actions: [],
  },
  webhook_delivery_not_found: {
    status: 404,
    message: 'Webhook delivery not found.',
    remediation: 'Refetch deliveries from the endpoint delivery list.',
    next_actions: [],
  },
  idempotency_conflict: {
    status: 409,
    message: 'This Idempotency-Key was used with a different request body.',
    remediation: 'Replay the original body with this key, or use a fresh key for a new request.',
    next_actions: [],
  },
  allocation_failed: {
    status: 409,
    message: 'The inventory could not be reserved.',
    remediation: 'Requote, or try different dates or another room.',
    next_actions: [requote, search],
  },
  allotment_exhausted: {
    status: 409,
    message: 'No rooms of this type are left on at least one night of the stay.',
    remediation: 'Requote, or try different dates or another room; detail.dates lists the full nights.',
    next_actions: [search],
  },
  hold_limit_reached: {
    status: 429,
    message: 'This agent already has as many live holds as it may (MAX_LIVE_HOLDS_PER_AGENT).',
    remediation:
      'Book or release a hold you have, or retry after retry_after seconds, when the earliest of your holds expires; detail.max_live_holds is the ceiling.',
    next_actions: [],
  },
  quote_mismatch: {
    status: 409,
    message: 'The hold was not made from this quote.',
    remediation: 'Recreate the quote, hold, booking chain.',
    next_actions: [requote],
  },
  hold_not_active: {
    status: 409,
    message: 'The hold is no longer active.',
    remediation: 'Recreate the quote, hold, booking chain; detail.state says what happened to the hold.',
    next_actions: [requote],
  },
  client_reference_conflict: {
    status: 409,
    message: 'This client_reference already names a booking of another hold.',
    remediation:
      'A client_reference names one booking of one hold: GET /v1/bookings?client_reference= tells what it became; book this hold with another client_reference.',
    next_actions: [{ rel: 'get', method: 'GET', href: '/v1/bookings' }],
  },
  booking_not_cancellable: {
    status: 409,
    message: 'The booking cannot be cancelled.',
    remediation: 'Inspect the booking state (detail.state); contact staff support for exceptions.',
    next_actions: [],
  },
  booking_not_modifiable: {
    status: 409,
    message: 'The booking cannot be modified.',
    remediation: 'Cancelled, started or non-refundable bookings cannot be modified; contact staff support.',
    next_actions: [],
  },
  booking_modification_price_change: {
    status: 409,
    message: 'The new dates change the price.',
    remediation: 'Choose dates of the same length and total, or cancel and rebook.',
    next_actions: [],
  },
  authorization_required: {
    status: 409,
    message: 'The booking exceeds the agent booking limit and needs a booking authorization.',
    remediation: 'Ask a tenant admin to create a booking authorization and pass booking_authorization_id.',
    next_actions: [],
  },
  booking_authorization_invalid: {
    status: 409,
    message: 'The booking authorization cannot be used for this booking.',
    remediation: 'See detail.reason; ask a tenant admin for a new authorization.',
    next_actions: [],
  },
  no_capturable_payment: {
    status: 409,
    message: 'The booking has no captured payment.',
    remediation: 'Only bookings with a captured payment can be refunded.',
    next_actions: [],
  },
  payment_not_refundable: {
    status: 409,
    message: 'The payment cannot be refunded.',
    remediation: 'Only captured or partially_refunded payments are refundable.',
    next_actions: [],
  },
  refund_exceeds_remaining: {
    status: 409,
    message: 'The refund exceeds what remains refundable.',
    remediation: 'Reduce the amount to detail.remaining or less.',
    next_actions: [],
  },
  oversell_not_detected: {
    status: 409,
    message: 'No oversell exists for this room type and date.',
    remediation: 'Nothing to report; inventory is consistent.',
    next_actions: [],
  },
  property_not_promotable: {
    status: 409,
    message: 'The property is not ready to be promoted.',
    remediation: 'Fix every item of detail.reasons, then promote again.',
    next_actions: [],
  },
  policy_not_found_for_rate_plan: {
    status: 409,
    message: 'The rate plan has no cancellation policy and cannot be quoted.',
    remediation: 'Choose another rate plan, or ask the tenant admin to attach a policy.',
    next_actions: [search],
  },
  stay_restricted: {
    status: 409,
    message: "The stay breaks the rate plan's stay restrictions (minimum or maximum stay, closed to arrival or departure, stop sell, advance booking).",
    remediation:
      'Read detail.violations ({rule, date, limit} each): change the dates or the length of stay to meet every limit, or search again: search leaves out rate plans the stay breaks.',
    next_actions: [search],
  },
  webhook_endpoint_limit_reached: {
    status: 409,
    message: 'The tenant already has as many webhook endpoints as it may (WEBHOOK_MAX_ENDPOINTS_PER_TENANT).',
    remediation: 'Delete an endpoint you no longer use, or subscribe an existing endpoint to more events; detail.limit is the cap.',
    next_actions: [{ rel: 'get', method: 'GET', href: '/v1/admin/webhooks' }],
  },
  webhook_delivery_not_replayable: {
    status: 409,
    message: 'The delivery is pending or in flight.',
    remediation: 'Wait for the in-flight delivery to finish, then replay.',
    next_actions: [],
  },
  quote_expired: {
    status: 410,
    message: 'The quote has expired.',
    remediation: 'POST /v1/quotes again for a fresh price.',
    next_actions: [requote],
  },
  hold_expired: {
    status: 410,
    message: 'The hold has expired and its rooms were released.',
    remediation: 'Create a new quote and hold; the room may be gone.',
    next_actions: [requote],
  },
  payload_too_large: {
    status: 413,
    message: 'The request body is larger than 256 KB.',
    remediation: 'Send a smaller body.',
    next_actions: [],
  },
  unsupported_media_type: {
    status: 415,
    message: 'The request body must be JSON.',
    remediation: 'Send Content-Type: application/json.',
    next_actions: [],
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests.',
    remediation: 'Back off for retry_after seconds, then retry.',
    next_actions: [],
  },
  internal_error: {
    status: 500,
    message: 'An unexpected error occurred.',
    remediation: 'Retry with backoff; cite trace_id when contacting support.',
    next_actions: [],
  },
  payment_provider_error: {
    status: 502,
    message: 'The payment provider failed.',
    remediation: 'Retry with backoff (same Idempotency-Key) or use another payment method.',
    next_actions: [],
  },
  notification_delivery_failed: {
    status: 502,
    message: 'The notification could not be delivered.',
    remediation: 'Retry the notification; the primary operation may already have succeeded.',
    next_actions: [],
  },
  payment_timeout: {
    status: 504,
    message: 'The payment provider did not answer in time; the outcome is not known yet.',
    remediation:
      'Replay POST /v1/bookings with the same Idempotency-Key and body (a new key risks a double charge), or, when the booking carried a client_reference, GET /v1/bookings?client_reference= before retrying.',
    next_actions: [retry('/v1/bookings')],
  },
  payment_action_required: {
    status: 402,
    message: 'The card issuer asks the traveler to authenticate this payment (strong customer authentication); nothing is charged yet.',
    remediation:
      'Send the traveler to detail.action_url; after retry_after seconds replay POST /v1/bookings with the same Idempotency-Key and body, or GET /v1/bookings?client_reference=, until the booking is confirmed or the payment fails. A new key would start another payment.',
    next_actions: [retry('/v1/bookings')],
  },
  webhook_signature_invalid: {
    status: 400,
    message: 'The webhook delivery is not signed with the endpoint secret.',
    remediation: 'Deliveries must carry the Stripe-Signature of STRIPE_WEBHOOK_SECRET over the exact body sent; nothing was changed.',
    next_actions: [],
  },
  advisor_session_not_found: {
    status: 404,
    message: 'Advisor session not found.',
    remediation: 'Check the session id, or start a new session with POST /v1/advisor/sessions.',
    next_actions: [{ rel: 'retry', method: 'POST', href: '/v1/advisor/sessions' }],
  },
  advisor_session_expired: {
    status: 410,
    message: 'The advisor session has expired.',
    remediation: 'Start a new session with POST /v1/advisor/sessions; detail.expired_at says when this one ended.',
    next_actions: [{ rel: 'retry', method: 'POST', href: '/v1/advisor/sessions' }],
  },
  advisor_session_full: {
    status: 409,
    message: 'The advisor session holds as many messages as a session may (ADVISOR_SESSION_MAX_MESSAGES).',
    remediation: 'Start a new session with POST /v1/advisor/sessions; detail.max_messages is the cap.',
    next_actions: [{ rel: 'retry', method: 'POST', href: '/v1/advisor/sessions' }],
  },
  service_unavailable: {
    status: 503,
    message: 'A backing service (the database) is unreachable or did not answer in time.',
    remediation: 'Retry after retry_after seconds; a write replayed with the same Idempotency-Key runs at most once.',
    next_actions: [],
  },
  channel_not_found: {
    status: 404,
    message: 'Channel not found.',
    remediation: 'Refetch channel ids from GET /v1/admin/channels.',
    next_actions: [],
  },
  channel_revoked: {
    status: 409,
    message: 'The channel is revoked: it takes no new credential.',
    remediation: 'Create a new channel with POST /v1/admin/channels.',
    next_actions: [],
  },
  ota_message_unknown: {
    status: 404,
    message: 'No such OpenTravel message: POST /ota/v1/ takes OTA_HotelAvailNotifRQ, OTA_HotelRateAmountNotifRQ and OTA_HotelInvCountNotifRQ.',
    remediation: 'Post the message to /ota/v1/ followed by its root element name (docs/channels.md).',
    next_actions: [],
  },
  channel_connection_not_found: {
    status: 404,
    message: 'Channel connection not found.',
    remediation: 'Refetch connections from GET /v1/admin/channel-connections.',
    next_actions: [],
  },
  channel_delivery_not_found: {
    status: 404,
    message: 'Channel delivery not found.',
    remediation: 'Refetch deliveries from GET /v1/admin/channel-connections/{id}/deliveries.',
    next_actions: [],
  },
  channel_delivery_not_replayable: {
    status: 409,
    message: 'The channel delivery is pending or in flight.',
    remediation: 'Wait for the in-flight delivery to finish, then replay.',
    next_actions: [],
  },
} as const satisfies Record<string, CatalogEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOG, value);
}

export function catalogEntry(code: ErrorCode): CatalogEntry {
  return ERROR_CATALOG[code];
}

export function errorDocsUrl(docsBaseUrl: string, code: ErrorCode): string {
  return `${docsBaseUrl.replace(/\/$/, '')}/errors#${code}`;
}
