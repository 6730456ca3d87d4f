import type { AttemptResult, DeliveryJobRef, DeliveryState } from '@hcs/domain';

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

/** The columns of a batch of attempt results, in the order the record statements take them (`unnest`). */
export type AttemptColumns = [
  tenantIds: string[],
  deliveryIds: string[],
  chains: number[],
  attempts: number[],
  states: string[],
  nextAttemptAts: Array<Date | null>,
  statuses: Array<number | null>,
  errors: Array<string | null>,
  ats: Date[],
  durationsMs: number[],
];

export function attemptColumns(batch: AttemptResult[]): AttemptColumns {
  return [
    batch.map((r) => r.ref.tenantId),
    batch.map((r) => r.ref.deliveryId),
    batch.map((r) => r.ref.chain),
    batch.map((r) => r.ref.attempt),
    batch.map((r) => r.state),
    batch.map((r) => r.nextAttemptAt),
    batch.map((r) => r.attempt.status),
    batch.map((r) => r.attempt.error),
    batch.map((r) => r.attempt.at),
    batch.map((r) => r.attempt.durationMs),
  ];
}

/** For each result of a batch, whether the record statement moved its delivery (it returned the attempt). */
export function movedByBatch(batch: AttemptResult[], recorded: RecordedAttemptRow[]): boolean[] {
  const key = (tenantId: string, deliveryId: string, chain: number, attempt: number) => `${tenantId}/${deliveryId}/${chain}/${attempt}`;
  const moved = new Set(recorded.map((r) => key(r.tenant_id, r.delivery_id, r.chain, r.attempt)));
  return batch.map((r) => moved.has(key(r.ref.tenantId, r.ref.deliveryId, r.ref.chain, r.ref.attempt)));
}

/** The job of a stranded delivery: the next attempt of a pending one, the same attempt of one in flight. */
export function strandedRef(r: StrandedRow): DeliveryJobRef {
  return { tenantId: r.tenant_id, deliveryId: r.id, chain: r.chain, attempt: r.state === 'pending' ? r.attempt + 1 : r.attempt };
}
