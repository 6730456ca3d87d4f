import type { DeliveryState } from '@hcs/domain';

/** Rows of `webhook_deliveries`, `webhook_delivery_attempts` and the claim's join, as the delivery repository reads them. */
export interface DeliveryRow {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  state: DeliveryState;
  chain: number;
  attempt: number;
  next_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export const DELIVERY_COLUMNS = `id, tenant_id, endpoint_id, event_id, event_type, state, chain, attempt, next_attempt_at, last_status, last_error, created_at, updated_at`;

export interface DeliveryAttemptRow {
  delivery_id: string;
  chain: number;
  attempt: number;
  at: Date;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** A claimed delivery with its endpoint and event (null columns once either is deleted). */
export interface ClaimRow {
  endpoint_id: string;
  url: string | null;
  status: 'enabled' | 'disabled' | null;
  secret_ciphertext: string | null;
  previous_secret_ciphertext: string | null;
  failing_since: Date | null;
  event_id: string | null;
  type: string | null;
  payload: Record<string, unknown> | null;
  sequence: string | null;
  created_at: Date | null;
}

/** A delivery whose job may have been lost. */
export interface StrandedRow {
  tenant_id: string;
  id: string;
  chain: number;
  attempt: number;
  state: DeliveryState;
}

/** An attempt recorded by a batch, naming the delivery and attempt it belongs to. */
export interface RecordedAttemptRow {
  tenant_id: string;
  delivery_id: string;
  chain: number;
  attempt: number;
}
