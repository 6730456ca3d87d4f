import { Injectable, Optional } from '@nestjs/common';
import { BeginConversion, BeginConversionResult, BookingConversion, CompleteConversion } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { attemptRecorded, authorizationClaimed, beginKeys, clientReferenceClaimed, delegationSpent, holdConverting } from './confirmation/begin-fragments';
import {
  attemptSucceeded,
  auditAppended,
  authorizationUsed,
  bookingWritten,
  clientReferenceConfirmed,
  completeKeys,
  followUpsScheduled,
  holdConverted,
  idempotencyRecordSealed,
  outboxWritten,
  paymentCaptured,
  roomsSold,
  scheduleWritten,
} from './confirmation/complete-fragments';
import { withCtes } from './confirmation/cte';
import { PaymentRecordFragment } from './payment-record.fragment';
import { AttemptRow, toAttempt } from './payment-rows';
import { SqlParams } from './sql-params';
import { refusedBy } from './statement-refusal';

/**
 * The two writes of a booking around the provider call, one statement each, composed from named
 * fragments (confirmation/begin-fragments.ts, confirmation/complete-fragments.ts): data-modifying
 * CTEs gated on the hold's conditional UPDATE, `hcs_require` refusing the whole statement when a
 * condition fails. A statement is atomic by itself, so neither needs BEGIN/COMMIT
 * (docs/booking-chain.md "The confirmation's statements").
 */
@Injectable()
export class SqlBookingConversion extends BookingConversion {
  constructor(
    private readonly sql: SqlClient,
    @Optional() private readonly paymentRecord?: PaymentRecordFragment,
  ) {
    super();
  }

  async begin(input: BeginConversion): Promise<BeginConversionResult> {
    const p = new SqlParams();
    const k = beginKeys(p, input);
    // the payment adapter's own record of this attempt, if it keeps one (PaymentRecordFragment)
    const record = this.paymentRecord?.plan(p, input.attempt) ?? null;
    const sql = withCtes(
      [
        holdConverting(p, k, input),
        ...authorizationClaimed(p, k, input),
        ...delegationSpent(p, k, input),
        attemptRecorded(p, k, input),
        ...clientReferenceClaimed(p, k, input),
        ...(record ? [{ name: 'pr', body: record.cte }] : []),
      ],
      `SELECT att.*, ${record ? 'EXISTS (SELECT 1 FROM pr)' : 'false'} AS payment_record_written FROM att, referenced`,
    );
    try {
      const rows = await this.sql.rows<AttemptRow & { payment_record_written: boolean }>(sql, p.values);
      const row = rows[0];
      if (!row) return { ok: false, reason: 'hold_not_live' };
      const attempt = toAttempt(row);
      if (record && row.payment_record_written) record.committed(attempt);
      return { ok: true, attempt };
    } catch (error) {
      if (refusedBy(error, 'authorization_taken')) return { ok: false, reason: 'authorization_taken' };
      if (refusedBy(error, 'delegation_spent')) return { ok: false, reason: 'delegation_spent' };
      if (refusedBy(error, 'client_reference_taken')) return { ok: false, reason: 'client_reference_taken' };
      throw error;
    }
  }

  async complete(input: CompleteConversion): Promise<boolean> {
    const p = new SqlParams();
    const k = completeKeys(p, input);
    const sql = withCtes(
      [
        holdConverted(p, k, input),
        ...roomsSold(p, k, input),
        attemptSucceeded(p, k, input),
        authorizationUsed(k),
        bookingWritten(p, k, input),
        clientReferenceConfirmed(k),
        paymentCaptured(p, k, input),
        ...scheduleWritten(p, k, input),
        ...idempotencyRecordSealed(p, input),
        followUpsScheduled(p, k, input),
        auditAppended(p, k, input),
        outboxWritten(p, k, input),
      ],
      'SELECT id FROM bk',
    );
    try {
      const rows = await this.sql.rows<{ id: string }>(sql, p.values);
      return rows.length === 1;
    } catch (error) {
      // A counter out of step with the holds is a bug; say so in words an operator can search for.
      if (refusedBy(error, 'inventory_out_of_step')) {
        throw new Error(`inventory counter out of step for room type ${input.roomTypeId} on ${input.nights.join(', ')} (held -> sold)`);
      }
      throw error;
    }
  }
}
