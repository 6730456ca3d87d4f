import type { ChannelAuthType, ChannelConnectionRecord, ChannelDeliveryRecord, DeliveryState } from '@hcs/domain';

/** A row of `channel_connections` without its sealed credential. */
export interface ConnectionRow {
  id: string;
  tenant_id: string;
  property_id: string;
  url: string;
  auth_type: ChannelAuthType;
  auth_username: string | null;
  created_at: Date;
}

export const CONNECTION_COLUMNS = `id, tenant_id, property_id, url, auth_type, auth_username, created_at`;

export const toConnection = (r: ConnectionRow): ChannelConnectionRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  propertyId: r.property_id,
  url: r.url,
  authType: r.auth_type,
  authUsername: r.auth_username,
  createdAt: r.created_at,
});

/** An attempt as kept in `channel_deliveries.attempts` (jsonb: the time is text). */
export interface StoredAttempt {
  chain: number;
  attempt: number;
  at: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** A row of `channel_deliveries`. */
export interface ChannelDeliveryRow {
  id: string;
  tenant_id: string;
  connection_id: string;
  event_id: string;
  event_type: string;
  booking_id: string;
  state: DeliveryState;
  chain: number;
  attempt: number;
  next_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  acknowledged_id: string | null;
  attempts: StoredAttempt[];
  created_at: Date;
  updated_at: Date;
}

export const CHANNEL_DELIVERY_COLUMNS = `id, tenant_id, connection_id, event_id, event_type, booking_id, state, chain, attempt, next_attempt_at, last_status,
  last_error, acknowledged_id, attempts, created_at, updated_at`;

export const toChannelDelivery = (r: ChannelDeliveryRow): ChannelDeliveryRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  connectionId: r.connection_id,
  eventId: r.event_id,
  eventType: r.event_type,
  bookingId: r.booking_id,
  state: r.state,
  chain: r.chain,
  attempt: r.attempt,
  nextAttemptAt: r.next_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  acknowledgedId: r.acknowledged_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  attempts: r.attempts.map((a) => ({ chain: a.chain, attempt: a.attempt, at: new Date(a.at), status: a.status, durationMs: a.duration_ms, error: a.error })),
});

/** A claimed channel delivery with its connection, event and codes (null columns once gone). */
export interface ChannelClaimRow {
  connection_id: string;
  url: string | null;
  auth_type: ChannelAuthType | null;
  auth_username: string | null;
  auth_ciphertext: string | null;
  event_id: string | null;
  type: string | null;
  payload: Record<string, unknown> | null;
  created_at: Date | null;
  hotel_code: string | null;
  room_type_code: string | null;
  rate_plan_code: string | null;
}
