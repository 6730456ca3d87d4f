import { Injectable } from '@nestjs/common';
import { BeginConversion, BeginConversionResult, BookingConversion, CompleteConversion } from '@hcs/domain';
import { SandboxChargesAtBegin } from '../sandbox/sandbox-charges-at-begin';
import { SqlClient } from '../sql/sql-client';
import { auditRowsInsert } from './sql-audit-rows';
import { ATTEMPT_COLUMNS, AttemptRow, toAttempt } from './payment-rows';
import { json } from '../sql/sql-values';
import { SqlParams } from './sql-params';
import { refusedBy } from './statement-refusal';

/**
 * The two writes of a booking around the provider call, one statement each (data-modifying CTEs
 * gated on the hold's conditional UPDATE, `hcs_require` refusing the whole statement when a
 * condition fails). A statement is atomic by itself, so neither needs BEGIN/COMMIT. See
 * docs/performance.md for the round trips this saves and docs/booking-chain.md for the semantics.
 */
@Injectable()
export class SqlBookingConversion extends BookingConversion {
  constructor(
    private readonly sql: SqlClient,
    private readonly sandboxCharges: SandboxChargesAtBegin,
  ) {
    super();
  }

  async begin(input: BeginConversion): Promise<BeginConversionResult> {
    const a = input.attempt;
    const p = new SqlParams();
    const tenant = p.add(a.tenantId, 'uuid');
    const hold = p.add(a.holdId, 'uuid');
    const key = p.add(a.idempotencyKey, 'text');
    const authorization = p.add(input.authorizationId, 'uuid');
    const use = input.delegationUse;
    const jti = p.add(use?.jti ?? null, 'text');
    const token = p.add(a.providerToken, 'text');
    const ref = input.clientReference ?? null;
    const cref = p.add(ref?.value ?? null, 'text');
    // the sandbox's ledger row of a charge its token decides at once, written with the attempt it pays
    const charge = this.sandboxCharges.plan(a.providerToken);
    const sandboxCharge = charge
      ? `,
      sc AS (
        INSERT INTO sandbox_charges (tenant_id, idempotency_key, charge_id, amount, currency, token_fingerprint, state, decline_message, completed_at)
        SELECT att.tenant_id, att.id::text, ${p.add(charge.chargeId, 'text')}, att.amount, att.currency, ${p.add(charge.tokenFingerprint, 'text')},
               ${p.add(charge.state, 'text')}, ${p.add(charge.declineMessage, 'text')}, now()
          FROM att, referenced
        ON CONFLICT DO NOTHING RETURNING 1)`
      : '';
    const sql = `
      WITH h AS (
        UPDATE holds SET state = ${p.add(input.to, 'text')}, converting_key = ${key}, updated_at = now()
         WHERE tenant_id = ${tenant} AND id = ${hold} AND state = ANY(${p.add(input.from, 'text[]')}) AND expires_at > now()
        RETURNING id),
      au AS (
        UPDATE booking_authorizations SET claimed_by_hold_id = ${hold}
         WHERE ${authorization} IS NOT NULL AND tenant_id = ${tenant} AND id = ${authorization} AND used_at IS NULL AND expires_at > now()
           AND (claimed_by_hold_id IS NULL OR claimed_by_hold_id = ${hold}) AND EXISTS (SELECT 1 FROM h)
        RETURNING id),
      claimed AS (SELECT hcs_require(${authorization} IS NULL OR EXISTS (SELECT 1 FROM au), 'authorization_taken') AS ok FROM h),
      -- a jti pays for one booking: a new one is recorded, an expired use taken over, and a live use
      -- kept only when it is this same request (agent + Idempotency-Key) coming back
      jti AS (
        INSERT INTO delegation_jti_uses (tenant_id, iss, jti, expires_at, principal_id, idempotency_key)
        SELECT ${tenant}, ${p.add(use?.iss ?? null, 'text')}, ${jti}, ${p.add(use?.expiresAt ?? null, 'timestamptz')}, ${p.add(use?.principalId ?? null, 'uuid')}, ${key}
          FROM h WHERE ${jti} IS NOT NULL
        ON CONFLICT (tenant_id, iss, jti) DO UPDATE
          SET expires_at = EXCLUDED.expires_at, principal_id = EXCLUDED.principal_id, idempotency_key = EXCLUDED.idempotency_key, used_at = now()
          WHERE delegation_jti_uses.expires_at <= now()
             OR (delegation_jti_uses.principal_id = EXCLUDED.principal_id AND delegation_jti_uses.idempotency_key = EXCLUDED.idempotency_key)
        RETURNING 1),
      spent AS (SELECT hcs_require(${jti} IS NULL OR EXISTS (SELECT 1 FROM jti), 'delegation_spent') AS ok FROM h),
      att AS (
      INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, provider_token_fingerprint,
                                    billing_country, state, booking_request)
      SELECT ${tenant}, ${hold}, ${key}, ${p.add(a.amount.amount, 'bigint')}, ${p.add(a.amount.currency, 'text')}, ${p.add(a.method, 'text')},
             ${token}, encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), ${p.add(a.billingCountry, 'text')}, 'pending',
             ${p.add(json(a.bookingRequest), 'jsonb')}
        FROM claimed, spent
      -- the same key again after a provider error (not sealed): the attempt starts over, same provider key
      ON CONFLICT (tenant_id, hold_id, idempotency_key) DO UPDATE
        SET state = 'pending', amount = EXCLUDED.amount, currency = EXCLUDED.currency, method = EXCLUDED.method, provider_token = EXCLUDED.provider_token,
            provider_token_fingerprint = EXCLUDED.provider_token_fingerprint, billing_country = EXCLUDED.billing_country, provider_reference = NULL, provider_message = NULL, completed_at = NULL,
            booking_request = EXCLUDED.booking_request, started_at = now()
      RETURNING ${ATTEMPT_COLUMNS}),
      -- the client_reference (docs/booking-chain.md "After a timeout"): claimed for this hold and
      -- attempt; taken over only by the same attempt coming back or after a provider error (nothing
      -- was charged); anything else refuses the whole statement, so one reference never pays twice
      ref AS (
        INSERT INTO booking_client_references (tenant_id, agent_id, client_reference, hold_id, state, attempt_id, idempotency_key)
        SELECT ${tenant}, ${p.add(ref?.agentId ?? null, 'uuid')}, ${cref}, ${hold}, 'pending', att.id, ${key} FROM att WHERE ${cref} IS NOT NULL
        ON CONFLICT (tenant_id, agent_id, client_reference) DO UPDATE
          SET state = 'pending', attempt_id = EXCLUDED.attempt_id, idempotency_key = EXCLUDED.idempotency_key, booking_id = NULL,
              error_code = NULL, error_status = NULL, error_detail = NULL, updated_at = now()
          WHERE booking_client_references.hold_id = EXCLUDED.hold_id
            AND ((booking_client_references.state = 'pending' AND booking_client_references.idempotency_key = EXCLUDED.idempotency_key)
              OR (booking_client_references.state = 'failed' AND booking_client_references.error_code = 'payment_provider_error'))
        RETURNING 1),
      referenced AS (SELECT hcs_require(${cref} IS NULL OR EXISTS (SELECT 1 FROM ref), 'client_reference_taken') AS ok FROM att)${sandboxCharge}
      SELECT att.*, ${charge ? 'EXISTS (SELECT 1 FROM sc)' : 'false'} AS sandbox_charge_recorded FROM att, referenced`;
    try {
      const rows = await this.sql.rows<AttemptRow & { sandbox_charge_recorded: boolean }>(sql, p.values);
      const row = rows[0];
      if (!row) return { ok: false, reason: 'hold_not_live' };
      const attempt = toAttempt(row);
      if (charge && row.sandbox_charge_recorded) this.sandboxCharges.noteRecorded(attempt.tenantId, attempt.id, charge, attempt.amount);
      return { ok: true, attempt };
    } catch (error) {
      if (refusedBy(error, 'authorization_taken')) return { ok: false, reason: 'authorization_taken' };
      if (refusedBy(error, 'delegation_spent')) return { ok: false, reason: 'delegation_spent' };
      if (refusedBy(error, 'client_reference_taken')) return { ok: false, reason: 'client_reference_taken' };
      throw error;
    }
  }

  async complete(input: CompleteConversion): Promise<boolean> {
    const { booking: b, payment } = input;
    const p = new SqlParams();
    const tenant = p.add(input.tenantId, 'uuid');
    const hold = p.add(input.holdId, 'uuid');
    const bookingId = p.add(b.id, 'uuid');
    const quoteId = p.add(b.quoteId, 'uuid');
    const attemptId = p.add(input.attemptId, 'uuid');
    const followUps = input.followUps.map(
      (f) =>
        `(${p.add(f.id, 'uuid')}, ${p.add(f.kind, 'text')}, ${p.add(f.channel, 'text')}, ${p.add(f.origin, 'text')}, ${p.add(f.sendAt, 'timestamptz')}, ${p.add(f.createdBy.kind, 'text')}, ${p.add(f.createdBy.id, 'text')})`,
    );
    const outbox = input.outbox.map(
      (e, i) =>
        `(${i}, ${p.add(e.type, 'text')}, ${p.add(e.aggregateType, 'text')}, ${p.add(e.aggregateId, 'uuid')}, ${p.add(json(e.payload), 'jsonb')}, ${p.add(e.traceId, 'text')}, ${p.add(e.auditIndex + 1, 'int')})`,
    );
    const sql = `
      WITH h AS (
        UPDATE holds SET state = ${p.add(input.to, 'text')}, converting_key = NULL, updated_at = now()
         WHERE tenant_id = ${tenant} AND id = ${hold} AND state = ANY(${p.add(input.from, 'text[]')}) AND converting_key = ${p.add(input.idempotencyKey, 'text')}
        RETURNING id),
      inv AS (
        UPDATE inventory_nights SET held = held - 1, sold = sold + 1
         WHERE tenant_id = ${tenant} AND room_type_id = ${p.add(input.roomTypeId, 'uuid')} AND night = ANY(${p.add(input.nights, 'date[]')})
           AND held >= 1 AND EXISTS (SELECT 1 FROM h)
        RETURNING night),
      -- a counter out of step with the holds is a bug: refuse to make it worse
      sold AS (SELECT hcs_require((SELECT count(*) FROM inv) = ${p.add(input.nights.length, 'int')}, 'inventory_out_of_step') AS ok FROM h),
      att AS (
        -- a settled attempt never charges again: its card token is dropped, the fingerprint stays
        UPDATE payment_attempts SET state = 'succeeded', provider_reference = ${p.add(input.providerReference, 'text')}, provider_message = NULL, completed_at = now(),
               provider_token = NULL
         WHERE tenant_id = ${tenant} AND id = ${attemptId} AND EXISTS (SELECT 1 FROM sold)),
      au AS (
        UPDATE booking_authorizations SET used_at = now(), booking_id = ${bookingId}
         WHERE tenant_id = ${tenant} AND claimed_by_hold_id = ${hold} AND used_at IS NULL AND EXISTS (SELECT 1 FROM sold)
        RETURNING id),
      bk AS (
        INSERT INTO bookings (id, tenant_id, agent_id, quote_id, hold_id, property_id, room_type_id, rate_plan_id, check_in, check_out, guests, guest,
                              currency, total_amount, price_breakdown, policy_snapshot, traveler_iss, traveler_sub, booking_authorization_id,
                              idempotency_key, state, confirmation_receipt, created_at, client_reference)
        SELECT ${bookingId}, ${tenant}, ${p.add(b.agentId, 'uuid')}, ${p.add(b.quoteId, 'uuid')}, ${hold}, ${p.add(b.propertyId, 'uuid')},
               ${p.add(b.roomTypeId, 'uuid')}, ${p.add(b.ratePlanId, 'uuid')}, ${p.add(b.stay.check_in, 'date')}, ${p.add(b.stay.check_out, 'date')},
               ${p.add(json(b.guests), 'jsonb')}, ${p.add(json(b.guest), 'jsonb')}, ${p.add(b.priceBreakdown.currency, 'text')},
               ${p.add(b.priceBreakdown.total.amount, 'bigint')}, ${p.add(json(b.priceBreakdown), 'jsonb')}, ${p.add(json(b.policySnapshot), 'jsonb')},
               ${p.add(b.traveler.iss, 'text')}, ${p.add(b.traveler.sub, 'text')}, (SELECT id FROM au LIMIT 1), ${p.add(b.idempotencyKey, 'text')},
               ${p.add(b.state, 'text')}, ${p.add(json(b.confirmationReceipt), 'jsonb')}, ${p.add(b.createdAt, 'timestamptz')},
               (SELECT client_reference FROM booking_client_references WHERE tenant_id = ${tenant} AND attempt_id = ${attemptId})
          FROM sold
        RETURNING id),
      -- the attempt's client_reference, if any, now answers this booking
      cr AS (
        UPDATE booking_client_references SET state = 'confirmed', booking_id = bk.id, updated_at = now()
          FROM bk WHERE tenant_id = ${tenant} AND attempt_id = ${attemptId}),
      pay AS (
        INSERT INTO payments (id, tenant_id, booking_id, attempt_id, amount, currency, state, provider_reference, captured_at)
        SELECT ${p.add(payment.id, 'uuid')}, ${tenant}, bk.id, ${p.add(payment.attemptId, 'uuid')}, ${p.add(payment.amount.amount, 'bigint')},
               ${p.add(payment.amount.currency, 'text')}, ${p.add(payment.state, 'text')}, ${p.add(payment.providerReference, 'text')},
               ${p.add(payment.capturedAt, 'timestamptz')}
          FROM bk),${idempotencySeal(p, input)}
      ${
        followUps.length === 0
          ? 'fu AS (SELECT 1)'
          : `fu AS (
        INSERT INTO follow_ups (id, tenant_id, booking_id, kind, message, channel, origin, send_at, created_by_kind, created_by_id)
        SELECT v.id, ${tenant}, bk.id, v.kind, NULL, v.channel, v.origin, v.send_at, v.by_kind, v.by_id
          FROM bk, (VALUES ${followUps.join(', ')}) AS v(id, kind, channel, origin, send_at, by_kind, by_id))`
      },
      ev AS (${auditRowsInsert(p, input.audit, { tenant, quote: quoteId, hold, booking: 'bk.id' }, 'bk')}),
      ${
        outbox.length === 0
          ? 'ob AS (SELECT 1)'
          : // an event's sequence is the chain's audit seq of its entry (docs/events.md): the chain's
            // entries before this statement plus the entry's position among the ones it writes
            `ob AS (
        INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, sequence)
        SELECT ${tenant}, v.type, v.aggregate_type, v.aggregate_id, v.payload, v.trace_id, earlier.n + v.position
          FROM bk, (VALUES ${outbox.join(', ')}) AS v(ord, type, aggregate_type, aggregate_id, payload, trace_id, position),
               (SELECT count(*) AS n FROM audit_events WHERE tenant_id = ${tenant} AND quote_id = ${quoteId} AND (hold_id IS NULL OR hold_id = ${hold})) earlier
         ORDER BY v.ord)`
      }
      SELECT id FROM bk`;
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

/** The request's idempotency record sealed with its answer, only when the booking is written (IdempotentResponseSeal). */
function idempotencySeal(p: SqlParams, input: CompleteConversion): string {
  const sealed = input.idempotency;
  if (!sealed) return '';
  const { scope, response } = sealed;
  return `
      idem AS (
        UPDATE idempotency_records SET state = 'completed', response_status = ${p.add(response.status, 'int')}, response_body = ${p.add(JSON.stringify(response.body), 'json')},
               locked_until = NULL
         WHERE tenant_id = ${p.add(scope.tenantId, 'uuid')} AND principal_id = ${p.add(scope.principalId, 'uuid')} AND route = ${p.add(scope.route, 'text')}
           AND idempotency_key = ${p.add(scope.key, 'text')} AND EXISTS (SELECT 1 FROM bk)),`;
}
