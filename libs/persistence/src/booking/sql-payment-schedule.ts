import { Injectable } from '@nestjs/common';
import { ChargeSettlement, ClaimedCharge, Money, PaymentSchedule } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { int } from '../sql/sql-values';

interface ClaimRow {
  tenant_id: string;
  id: string;
  booking_id: string;
  kind: ClaimedCharge['kind'];
  amount: string;
  currency: string;
  attempt: number;
  card_reference: string | null;
}

/** Where a claimed attempt may be settled: still this attempt's, still scheduled. */
const CLAIMED = `tenant_id = $1 AND id = $2 AND attempt = $3 AND state = 'scheduled' AND claimed_until IS NOT NULL`;

/**
 * `payment_schedule` (docs/payments.md "Balances and fees the worker charges"). A claim is one
 * conditional UPDATE: Postgres re-checks its condition on the newest row version, so of two workers
 * claiming at once one gets the row and the other nothing. A claim never settled lapses after its
 * lease and is taken over with the same attempt number (the provider key stays the same).
 */
@Injectable()
export class SqlPaymentSchedule extends PaymentSchedule {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async listDue(limit: number): Promise<Array<{ tenantId: string; entryId: string }>> {
    const rows = await this.sql.rows<{ tenant_id: string; id: string }>(
      `SELECT tenant_id, id FROM payment_schedule
        WHERE state = 'scheduled' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY next_attempt_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, entryId: r.id }));
  }

  async claim(tenantId: string, entryId: string, leaseMs: number): Promise<ClaimedCharge | null> {
    const [row] = await this.sql.rows<ClaimRow>(
      `WITH c AS (
         UPDATE payment_schedule SET attempt = CASE WHEN claimed_until IS NULL THEN attempt + 1 ELSE attempt END,
                claimed_until = now() + make_interval(secs => $3::double precision / 1000)
          WHERE tenant_id = $1 AND id = $2 AND state = 'scheduled' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
          RETURNING tenant_id, id, booking_id, payment_id, kind, amount, currency, attempt)
       SELECT c.tenant_id, c.id, c.booking_id, c.kind, c.amount, c.currency, c.attempt, p.card_reference
         FROM c JOIN payments p ON p.tenant_id = c.tenant_id AND p.id = c.payment_id`,
      [tenantId, entryId, leaseMs],
    );
    if (!row) return null;
    return {
      tenantId: row.tenant_id,
      entryId: row.id,
      bookingId: row.booking_id,
      kind: row.kind,
      amount: { amount: int(row.amount), currency: row.currency },
      attempt: row.attempt,
      cardReference: row.card_reference,
    };
  }

  async settle(tenantId: string, entryId: string, attempt: number, s: ChargeSettlement): Promise<boolean> {
    if (s.kind === 'retry') {
      const rows = await this.sql.rows<{ id: string }>(
        `UPDATE payment_schedule SET claimed_until = NULL, next_attempt_at = $4, last_message = left($5, 500) WHERE ${CLAIMED} RETURNING id`,
        [tenantId, entryId, attempt, s.nextAttemptAt, s.message],
      );
      return rows.length === 1;
    }
    if (s.kind === 'captured') {
      // The payment grows by what this charge took; a balance captured settles the schedule.
      const rows = await this.sql.rows<{ id: string }>(
        `WITH e AS (
           UPDATE payment_schedule SET state = 'captured', claimed_until = NULL, provider_reference = $4, captured_at = now(), last_message = NULL
            WHERE ${CLAIMED} RETURNING payment_id, amount)
         UPDATE payments p SET amount = p.amount + e.amount, state = CASE WHEN p.refunded_amount > 0 THEN 'partially_refunded' ELSE 'captured' END
           FROM e WHERE p.tenant_id = $1 AND p.id = e.payment_id RETURNING p.id`,
        [tenantId, entryId, attempt, s.providerReference],
      );
      return rows.length === 1;
    }
    // Out of retries: the entry failed; a balance leaves the payment overdue, a fee leaves it as it was.
    const rows = await this.sql.rows<{ id: string }>(
      `WITH e AS (
         UPDATE payment_schedule SET state = 'failed', claimed_until = NULL, last_message = left($4, 500) WHERE ${CLAIMED} RETURNING payment_id, kind)
       UPDATE payments p SET state = CASE WHEN e.kind = 'balance' THEN 'overdue' ELSE p.state END
         FROM e WHERE p.tenant_id = $1 AND p.id = e.payment_id RETURNING p.id`,
      [tenantId, entryId, attempt, s.message],
    );
    return rows.length === 1;
  }

  async addCancellationFee(tenantId: string, bookingId: string, paymentId: string, amount: Money): Promise<void> {
    await this.sql.affected(
      `INSERT INTO payment_schedule (tenant_id, booking_id, payment_id, kind, amount, currency, due_at, state, next_attempt_at)
       VALUES ($1, $2, $3, 'cancellation_fee', $4, $5, now(), 'scheduled', now())`,
      [tenantId, bookingId, paymentId, amount.amount, amount.currency],
    );
  }

  async resizeBalance(tenantId: string, bookingId: string, delta: number): Promise<void> {
    await this.sql.affected(
      `WITH e AS (
         UPDATE payment_schedule SET amount = greatest(0, amount + $3), state = CASE WHEN amount + $3 <= 0 THEN 'cancelled' ELSE state END
          WHERE tenant_id = $1 AND booking_id = $2 AND kind = 'balance' AND state = 'scheduled' AND claimed_until IS NULL
          RETURNING state)
       UPDATE payments SET state = 'captured' WHERE tenant_id = $1 AND booking_id = $2 AND state = 'scheduled' AND EXISTS (SELECT 1 FROM e WHERE e.state = 'cancelled')`,
      [tenantId, bookingId, delta],
    );
  }

  async moveBalance(tenantId: string, bookingId: string, dueAt: string): Promise<void> {
    await this.sql.affected(
      `UPDATE payment_schedule SET due_at = $3, next_attempt_at = $3
        WHERE tenant_id = $1 AND booking_id = $2 AND kind = 'balance' AND state = 'scheduled' AND attempt = 0 AND claimed_until IS NULL`,
      [tenantId, bookingId, dueAt],
    );
  }

  async cancelScheduled(tenantId: string, bookingId: string): Promise<void> {
    // A balance a worker has claimed stays its own to settle: its charge may already have been taken.
    await this.sql.affected(
      `WITH c AS (
         UPDATE payment_schedule SET state = 'cancelled'
          WHERE tenant_id = $1 AND booking_id = $2 AND kind = 'balance' AND state = 'scheduled' AND claimed_until IS NULL RETURNING id)
       UPDATE payments SET state = 'captured' WHERE tenant_id = $1 AND booking_id = $2 AND state IN ('scheduled', 'overdue')`,
      [tenantId, bookingId],
    );
  }
}
