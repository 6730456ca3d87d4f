import { Injectable } from '@nestjs/common';
import { NewPaymentAttempt, PaymentAttemptRecord, PaymentRecord, PaymentRepository, SweepFailure } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { ATTEMPT_COLUMNS, AttemptRow, PAYMENT_COLUMNS, PaymentRow, toAttempt, toPayment } from './payment-rows';

@Injectable()
export class SqlPaymentRepository extends PaymentRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async createAttempt(a: NewPaymentAttempt): Promise<PaymentAttemptRecord> {
    const rows = await this.sql.rows<AttemptRow>(
      `INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, provider_token_fingerprint, billing_country, state, booking_request)
       VALUES ($1, $2, $3, $4, $5, $6, $7, encode(sha256(convert_to($7, 'UTF8')), 'hex'), $8, 'pending', $9)
       -- the same key again after a provider error (not sealed): the attempt starts over, same provider key
       ON CONFLICT (tenant_id, hold_id, idempotency_key) DO UPDATE
         SET state = 'pending', amount = EXCLUDED.amount, currency = EXCLUDED.currency, method = EXCLUDED.method, provider_token = EXCLUDED.provider_token,
             provider_token_fingerprint = EXCLUDED.provider_token_fingerprint,
             billing_country = EXCLUDED.billing_country, provider_reference = NULL, provider_message = NULL, completed_at = NULL,
             booking_request = EXCLUDED.booking_request, started_at = now()
       RETURNING ${ATTEMPT_COLUMNS}`,
      [
        a.tenantId,
        a.holdId,
        a.idempotencyKey,
        a.amount.amount,
        a.amount.currency,
        a.method,
        a.providerToken,
        a.billingCountry,
        JSON.stringify(a.bookingRequest),
      ],
    );
    return toAttempt(rows[0]);
  }

  async findAttempt(tenantId: string, holdId: string, idempotencyKey: string): Promise<PaymentAttemptRecord | null> {
    const rows = await this.sql.rows<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE tenant_id = $1 AND hold_id = $2 AND idempotency_key = $3`,
      [tenantId, holdId, idempotencyKey],
    );
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  async findAttemptById(tenantId: string, attemptId: string): Promise<PaymentAttemptRecord | null> {
    const rows = await this.sql.rows<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE tenant_id = $1 AND id = $2`, [tenantId, attemptId]);
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  async listStranded(startedBefore: Date, limit: number): Promise<PaymentAttemptRecord[]> {
    const rows = await this.sql.rows<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS.split(', ')
        .map((c) => `a.${c}`)
        .join(', ')}
         FROM payment_attempts a
         JOIN holds h ON h.tenant_id = a.tenant_id AND h.id = a.hold_id
        WHERE a.state = 'pending' AND a.started_at < $1 AND a.booking_request IS NOT NULL AND a.recovery_dead_lettered_at IS NULL
          AND h.state = 'converting' AND h.converting_key = a.idempotency_key
        ORDER BY a.started_at
        LIMIT $2`,
      [startedBefore, limit],
    );
    return rows.map(toAttempt);
  }

  async recordRecoveryFailure(tenantId: string, attemptId: string, error: string, maxAttempts: number): Promise<SweepFailure> {
    const rows = await this.sql.rows<{ attempts: number; dead_lettered: boolean }>(
      `UPDATE payment_attempts SET recovery_attempts = recovery_attempts + 1, recovery_last_error = left($3, 1000),
              recovery_dead_lettered_at = CASE WHEN recovery_attempts + 1 >= $4 THEN now() ELSE NULL END
        WHERE tenant_id = $1 AND id = $2
        RETURNING recovery_attempts AS attempts, recovery_dead_lettered_at IS NOT NULL AS dead_lettered`,
      [tenantId, attemptId, error, maxAttempts],
    );
    return rows[0] ? { attempts: rows[0].attempts, deadLettered: rows[0].dead_lettered } : { attempts: 0, deadLettered: false };
  }

  async completeAttempt(
    tenantId: string,
    attemptId: string,
    state: 'succeeded' | 'declined' | 'error',
    providerReference: string | null,
    providerMessage: string | null,
  ): Promise<void> {
    await this.sql.affected(
      // A settled attempt never charges again: its card token is dropped, the fingerprint stays.
      `UPDATE payment_attempts SET state = $3, provider_reference = $4, provider_message = $5, completed_at = now(), provider_token = NULL
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, attemptId, state, providerReference, providerMessage],
    );
  }

  async capture(tenantId: string, bookingId: string, attempt: PaymentAttemptRecord, providerReference: string): Promise<PaymentRecord> {
    const rows = await this.sql.rows<PaymentRow>(
      `INSERT INTO payments (tenant_id, booking_id, attempt_id, amount, currency, state, provider_reference)
       VALUES ($1, $2, $3, $4, $5, 'captured', $6) RETURNING ${PAYMENT_COLUMNS}`,
      [tenantId, bookingId, attempt.id, attempt.amount.amount, attempt.amount.currency, providerReference],
    );
    return toPayment(rows[0]);
  }

  async findByBooking(tenantId: string, bookingId: string): Promise<PaymentRecord | null> {
    const rows = await this.sql.rows<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant_id = $1 AND booking_id = $2`, [tenantId, bookingId]);
    return rows[0] ? toPayment(rows[0]) : null;
  }

  async refund(tenantId: string, paymentId: string, amount: number): Promise<PaymentRecord | null> {
    const rows = await this.sql.rows<PaymentRow>(
      // A payment with a balance still to charge (or overdue) keeps its state: the schedule, not the refund, decides it.
      `UPDATE payments SET refunded_amount = refunded_amount + $3,
              state = CASE WHEN state IN ('scheduled', 'overdue') THEN state WHEN refunded_amount + $3 >= amount THEN 'refunded' ELSE 'partially_refunded' END
        WHERE tenant_id = $1 AND id = $2 AND state IN ('captured', 'partially_refunded', 'scheduled', 'overdue') AND $3 > 0 AND refunded_amount + $3 <= amount
        RETURNING ${PAYMENT_COLUMNS}`,
      [tenantId, paymentId, amount],
    );
    return rows[0] ? toPayment(rows[0]) : null;
  }
}
