/** Event types a webhook endpoint may subscribe to (docs/events.md "Events"). */
export const SUBSCRIBABLE_EVENT_TYPES = [
  'booking.confirmed',
  'booking.cancelled',
  'booking.room_cancelled',
  'booking.modified',
  'refund.issued',
  'hold.expired',
  'oversell.detected',
  'follow_up.sent',
  'follow_up.failed',
  'webhook_endpoint.disabled',
  'payment.balance_captured',
  'payment.balance_failed',
  'payment.fee_captured',
  'payment.fee_failed',
] as const;
export type EventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

export const DELIVERY_STATES = ['pending', 'in_flight', 'succeeded', 'failed', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export type EndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpointRecord {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  description: string | null;
  status: EndpointStatus;
  disabledReason: string | null;
  secretRotatedAt: Date | null;
  previousSecretExpiresAt: Date | null;
  /** Start of the current run of failed attempts; null after a success (docs/events.md "Automatic disabling"). */
  failingSince: Date | null;
  /** Set when the service disabled the endpoint by itself (failures spanning the limit, or 410 Gone). */
  autoDisabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Sealed (encrypted) signing secrets of an endpoint; `previous` only while its overlap lasts. */
export interface SealedSecrets {
  current: string;
  previous: string | null;
}

export interface DeliveryAttempt {
  chain: number;
  attempt: number;
  at: Date;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookDeliveryRecord {
  id: string;
  tenantId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  state: DeliveryState;
  chain: number;
  attempt: number;
  nextAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  attempts: DeliveryAttempt[];
}

/** An outbox row as receivers see it (docs/events.md "Payloads"). */
export interface OutboxEventRecord {
  id: string;
  tenantId: string;
  type: string;
  payload: Record<string, unknown>;
  sequence: number | null;
  createdAt: Date;
}

/** What one delivery job needs: ids only in the job; the database row is the truth. */
export interface DeliveryJobRef {
  tenantId: string;
  deliveryId: string;
  chain: number;
  attempt: number;
  /** When the attempt is due; now when absent. */
  at?: Date;
  /** `channel`: a channel delivery (docs/channels-out.md), on the same queue; a webhook delivery when absent. */
  target?: 'channel';
}
