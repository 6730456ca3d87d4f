import { adminAttemptError } from './rules/attempt-error';
import type { DeliveryAttempt, WebhookDeliveryRecord, WebhookEndpointRecord } from './webhook.types';

/** The endpoint as admins read it: never a secret (docs/events.md "Admin routes"). */
export function webhookEndpointView(e: WebhookEndpointRecord) {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    description: e.description,
    status: e.status,
    disabled_reason: e.disabledReason,
    secret_rotated_at: e.secretRotatedAt?.toISOString() ?? null,
    previous_secret_expires_at: e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null,
    failing_since: e.failingSince?.toISOString() ?? null,
    auto_disabled_at: e.autoDisabledAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function webhookDeliveryView(d: WebhookDeliveryRecord) {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    state: d.state,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    last_status: d.lastStatus,
    last_error: adminAttemptError(d.lastError),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    attempts: d.attempts.map((a) => deliveryAttemptView(a, adminAttemptError)),
  };
}

/** One attempt of a delivery as admins read it, its error worded by `errorWords`. */
export function deliveryAttemptView(a: DeliveryAttempt, errorWords: (stored: string | null) => string | null) {
  return { chain: a.chain, attempt: a.attempt, at: a.at.toISOString(), status: a.status, duration_ms: a.durationMs, error: errorWords(a.error) };
}
