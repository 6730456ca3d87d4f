import type { AttemptBookingRequest, PaymentAttemptRecord, PaymentRecord, PaymentState, ScheduleEntry } from '@hcs/domain';
import { int } from '../sql/sql-values';

/** Columns, row types and mappers of `payment_attempts` and `payments`, shared by every statement that returns them. */
export const ATTEMPT_COLUMNS = `id, tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, billing_country, state, provider_reference, provider_message, booking_request, created_at, started_at`;
/** The payment with its kept card and its stored schedule in due order (docs/payments.md "The schedule"), in one read. */
export const PAYMENT_COLUMNS = `id, tenant_id, booking_id, amount, currency, refunded_amount, state, provider_reference, captured_at, card_reference,
  (SELECT coalesce(jsonb_agg(jsonb_build_array(s.id, s.kind, to_char(s.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), s.amount, s.state, s.provider_reference) ORDER BY s.due_at, s.created_at, s.kind), '[]'::jsonb)
     FROM payment_schedule s WHERE s.tenant_id = payments.tenant_id AND s.payment_id = payments.id) AS schedule`;

/** One stored schedule entry as the payment read carries it: `[id, kind, due_at, amount, state, provider_reference]`. */
export type ScheduleTuple = [string, ScheduleEntry['kind'], string, number, ScheduleEntry['state'], string | null];

export interface AttemptRow {
  id: string;
  tenant_id: string;
  hold_id: string;
  idempotency_key: string;
  amount: string;
  currency: string;
  method: string;
  provider_token: string | null;
  billing_country: string;
  state: PaymentAttemptRecord['state'];
  provider_reference: string | null;
  provider_message: string | null;
  booking_request: AttemptBookingRequest | null;
  created_at: Date;
  started_at: Date;
}

export interface PaymentRow {
  id: string;
  tenant_id: string;
  booking_id: string;
  amount: string;
  currency: string;
  refunded_amount: string;
  state: PaymentState;
  provider_reference: string;
  captured_at: Date;
  card_reference: string | null;
  schedule: ScheduleTuple[];
}

export const toAttempt = (r: AttemptRow): PaymentAttemptRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  holdId: r.hold_id,
  idempotencyKey: r.idempotency_key,
  amount: { amount: int(r.amount), currency: r.currency },
  method: r.method,
  // Cleared once the attempt settles (docs/security.md): only a pending attempt can need it again.
  providerToken: r.provider_token ?? '',
  billingCountry: r.billing_country,
  state: r.state,
  providerReference: r.provider_reference,
  providerMessage: r.provider_message,
  bookingRequest: r.booking_request,
  createdAt: r.created_at,
  startedAt: r.started_at,
});

export const toPayment = (r: PaymentRow): PaymentRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  bookingId: r.booking_id,
  amount: { amount: int(r.amount), currency: r.currency },
  refunded: { amount: int(r.refunded_amount), currency: r.currency },
  state: r.state,
  providerReference: r.provider_reference,
  capturedAt: r.captured_at,
  cardReference: r.card_reference,
  schedule: r.schedule.map(([id, kind, dueAt, amount, state, providerReference]) => ({
    id,
    kind,
    dueAt,
    amount: { amount: Number(amount), currency: r.currency },
    state,
    providerReference,
  })),
});
