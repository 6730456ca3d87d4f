import type { CompleteConversion } from '@hcs/domain';
import { json } from '../../sql/sql-values';
import { auditRowsInsert } from '../sql-audit-rows';
import { sealedIdempotencyRecord } from '../sealed-idempotency-record';
import type { SqlParams } from '../sql-params';
import type { Cte } from './cte';

/**
 * The fragments of a booking's complete statement (docs/booking-chain.md "The confirmation's
 * statements"), one per record it writes. Each is gated on the one before it: nothing is written
 * unless the hold was still converting under this key (`h`) and every night moved from held to sold
 * (`sold`); the booking (`bk`) then carries the rest.
 */

/** Placeholders every fragment of one statement shares. */
export interface CompleteKeys {
  tenant: string;
  hold: string;
  booking: string;
  quote: string;
  attempt: string;
}

export function completeKeys(p: SqlParams, input: CompleteConversion): CompleteKeys {
  return {
    tenant: p.add(input.tenantId, 'uuid'),
    hold: p.add(input.holdId, 'uuid'),
    booking: p.add(input.booking.id, 'uuid'),
    quote: p.add(input.booking.quoteId, 'uuid'),
    attempt: p.add(input.attemptId, 'uuid'),
  };
}

/** `h`: the hold goes converting -> converted, only under the attempt's Idempotency-Key. */
export function holdConverted(p: SqlParams, k: CompleteKeys, input: CompleteConversion): Cte {
  return {
    name: 'h',
    body: `UPDATE holds SET state = ${p.add(input.to, 'text')}, converting_key = NULL, updated_at = now()
         WHERE tenant_id = ${k.tenant} AND id = ${k.hold} AND state = ANY(${p.add(input.from, 'text[]')}) AND converting_key = ${p.add(input.idempotencyKey, 'text')}
        RETURNING id`,
  };
}

/**
 * `inv` and `sold`: every night's rooms (the hold's `units`) go held -> sold; a counter out of step with the holds is a
 * bug, so a count short of the nights refuses the whole statement.
 */
export function roomsSold(p: SqlParams, k: CompleteKeys, input: CompleteConversion): Cte[] {
  const units = p.add(input.units, 'int');
  return [
    {
      name: 'inv',
      body: `UPDATE inventory_nights SET held = held - ${units}, sold = sold + ${units}
         WHERE tenant_id = ${k.tenant} AND room_type_id = ${p.add(input.roomTypeId, 'uuid')} AND night = ANY(${p.add(input.nights, 'date[]')})
           AND held >= ${units} AND EXISTS (SELECT 1 FROM h)
        RETURNING night`,
    },
    { name: 'sold', body: `SELECT hcs_require((SELECT count(*) FROM inv) = ${p.add(input.nights.length, 'int')}, 'inventory_out_of_step') AS ok FROM h` },
  ];
}

/** `att`: the attempt succeeded; a settled attempt never charges again, so its card token is dropped (the fingerprint stays). */
export function attemptSucceeded(p: SqlParams, k: CompleteKeys, input: CompleteConversion): Cte {
  return {
    name: 'att',
    body: `UPDATE payment_attempts SET state = 'succeeded', provider_reference = ${p.add(input.providerReference, 'text')}, provider_message = NULL, completed_at = now(),
               provider_token = NULL
         WHERE tenant_id = ${k.tenant} AND id = ${k.attempt} AND EXISTS (SELECT 1 FROM sold)`,
  };
}

/** `au`: the booking authorization this hold claimed at begin, if any, is used by this booking. */
export function authorizationUsed(k: CompleteKeys): Cte {
  return {
    name: 'au',
    body: `UPDATE booking_authorizations SET used_at = now(), booking_id = ${k.booking}
         WHERE tenant_id = ${k.tenant} AND claimed_by_hold_id = ${k.hold} AND used_at IS NULL AND EXISTS (SELECT 1 FROM sold)
        RETURNING id`,
  };
}

/** `bk`: the booking exactly as the use case decided it (ids and times included), with the attempt's client_reference. */
export function bookingWritten(p: SqlParams, k: CompleteKeys, { booking: b }: CompleteConversion): Cte {
  return {
    name: 'bk',
    body: `INSERT INTO bookings (id, tenant_id, agent_id, quote_id, hold_id, property_id, room_type_id, rate_plan_id, check_in, check_out, guests, guest, rooms,
                              currency, total_amount, price_breakdown, policy_snapshot, traveler_iss, traveler_sub, booking_authorization_id,
                              idempotency_key, state, confirmation_receipt, created_at, client_reference)
        SELECT ${k.booking}, ${k.tenant}, ${p.add(b.agentId, 'uuid')}, ${k.quote}, ${k.hold}, ${p.add(b.propertyId, 'uuid')},
               ${p.add(b.roomTypeId, 'uuid')}, ${p.add(b.ratePlanId, 'uuid')}, ${p.add(b.stay.check_in, 'date')}, ${p.add(b.stay.check_out, 'date')},
               ${p.add(json(b.guests), 'jsonb')}, ${p.add(json(b.guest), 'jsonb')}, ${p.add(b.rooms ? json(b.rooms) : null, 'jsonb')},
               ${p.add(b.priceBreakdown.currency, 'text')},
               ${p.add(b.priceBreakdown.total.amount, 'bigint')}, ${p.add(json(b.priceBreakdown), 'jsonb')}, ${p.add(json(b.policySnapshot), 'jsonb')},
               ${p.add(b.traveler.iss, 'text')}, ${p.add(b.traveler.sub, 'text')}, (SELECT id FROM au LIMIT 1), ${p.add(b.idempotencyKey, 'text')},
               ${p.add(b.state, 'text')}, ${p.add(json(b.confirmationReceipt), 'jsonb')}, ${p.add(b.createdAt, 'timestamptz')},
               (SELECT client_reference FROM booking_client_references WHERE tenant_id = ${k.tenant} AND attempt_id = ${k.attempt})
          FROM sold
        RETURNING id`,
  };
}

/** `cr`: the attempt's client_reference, if any, now answers this booking (docs/booking-chain.md "After a timeout"). */
export function clientReferenceConfirmed(k: CompleteKeys): Cte {
  return {
    name: 'cr',
    body: `UPDATE booking_client_references SET state = 'confirmed', booking_id = bk.id, updated_at = now()
          FROM bk WHERE tenant_id = ${k.tenant} AND attempt_id = ${k.attempt}`,
  };
}

/** `pay`: the captured payment of the booking, with the card kept for later charges when its terms keep one. */
export function paymentCaptured(p: SqlParams, k: CompleteKeys, { payment }: CompleteConversion): Cte {
  const card = payment.cardReference ? { column: ', card_reference', value: `, ${p.add(payment.cardReference, 'text')}` } : { column: '', value: '' };
  return {
    name: 'pay',
    body: `INSERT INTO payments (id, tenant_id, booking_id, attempt_id, amount, currency, state, provider_reference, captured_at${card.column})
        SELECT ${p.add(payment.id, 'uuid')}, ${k.tenant}, bk.id, ${p.add(payment.attemptId, 'uuid')}, ${p.add(payment.amount.amount, 'bigint')},
               ${p.add(payment.amount.currency, 'text')}, ${p.add(payment.state, 'text')}, ${p.add(payment.providerReference, 'text')},
               ${p.add(payment.capturedAt, 'timestamptz')}${card.value}
          FROM bk
        RETURNING id`,
  };
}

/** `sch`: the payment's schedule (a deposit captured, its balance due; docs/payments.md); none for a payment in full. */
export function scheduleWritten(p: SqlParams, k: CompleteKeys, { payment }: CompleteConversion): Cte[] {
  const entries = payment.schedule ?? [];
  if (entries.length === 0) return [];
  const rows = entries.map(
    (e) =>
      `(${p.add(e.id, 'uuid')}, ${p.add(e.kind, 'text')}, ${p.add(e.amount.amount, 'bigint')}, ${p.add(e.amount.currency, 'text')}, ${p.add(e.dueAt, 'timestamptz')}, ${p.add(e.state, 'text')})`,
  );
  return [
    {
      name: 'sch',
      // The captured entry (the deposit) is the booking's own charge: refunds of it name the payment's reference.
      body: `INSERT INTO payment_schedule (tenant_id, id, booking_id, payment_id, kind, amount, currency, due_at, state, next_attempt_at, captured_at, provider_reference)
        SELECT ${k.tenant}, v.id, bk.id, pay.id, v.kind, v.amount, v.currency, v.due_at, v.state, v.due_at, CASE WHEN v.state = 'captured' THEN v.due_at END,
               CASE WHEN v.state = 'captured' THEN ${p.add(payment.providerReference, 'text')} END
          FROM bk, pay, (VALUES ${rows.join(', ')}) AS v(id, kind, amount, currency, due_at, state)`,
    },
  ];
}

/** `idem`: the request's idempotency record sealed with its answer, only when the booking is written; none when the plan has no record. */
export function idempotencyRecordSealed(p: SqlParams, { idempotency }: CompleteConversion): Cte[] {
  return idempotency ? [{ name: 'idem', body: sealedIdempotencyRecord(p, idempotency, 'bk') }] : [];
}

/** `fu`: the guest follow-ups the confirmation schedules (docs/follow-ups.md). */
export function followUpsScheduled(p: SqlParams, k: CompleteKeys, { followUps }: CompleteConversion): Cte {
  if (followUps.length === 0) return { name: 'fu', body: 'SELECT 1' };
  const rows = followUps.map(
    (f) =>
      `(${p.add(f.id, 'uuid')}, ${p.add(f.kind, 'text')}, ${p.add(f.channel, 'text')}, ${p.add(f.origin, 'text')}, ${p.add(f.sendAt, 'timestamptz')}, ${p.add(f.createdBy.kind, 'text')}, ${p.add(f.createdBy.id, 'text')})`,
  );
  return {
    name: 'fu',
    body: `INSERT INTO follow_ups (id, tenant_id, booking_id, kind, message, channel, origin, send_at, created_by_kind, created_by_id)
        SELECT v.id, ${k.tenant}, bk.id, v.kind, NULL, v.channel, v.origin, v.send_at, v.by_kind, v.by_id
          FROM bk, (VALUES ${rows.join(', ')}) AS v(id, kind, channel, origin, send_at, by_kind, by_id)`,
  };
}

/** `ev`: the confirmation's audit entries, in order. */
export function auditAppended(p: SqlParams, k: CompleteKeys, { audit }: CompleteConversion): Cte {
  return { name: 'ev', body: auditRowsInsert(p, audit, { tenant: k.tenant, quote: k.quote, hold: k.hold, booking: 'bk.id' }, 'bk') };
}

/**
 * `ob`: the outbox events; an event's sequence is the chain's audit seq of its entry (docs/events.md):
 * the chain's entries before this statement plus the entry's position among the ones it writes.
 */
export function outboxWritten(p: SqlParams, k: CompleteKeys, { outbox }: CompleteConversion): Cte {
  if (outbox.length === 0) return { name: 'ob', body: 'SELECT 1' };
  const rows = outbox.map(
    (e, i) =>
      `(${i}, ${p.add(e.type, 'text')}, ${p.add(e.aggregateType, 'text')}, ${p.add(e.aggregateId, 'uuid')}, ${p.add(json(e.payload), 'jsonb')}, ${p.add(e.traceId, 'text')}, ${p.add(e.auditIndex + 1, 'int')})`,
  );
  return {
    name: 'ob',
    body: `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, trace_id, sequence)
        SELECT ${k.tenant}, v.type, v.aggregate_type, v.aggregate_id, v.payload, v.trace_id, earlier.n + v.position
          FROM bk, (VALUES ${rows.join(', ')}) AS v(ord, type, aggregate_type, aggregate_id, payload, trace_id, position),
               (SELECT count(*) AS n FROM audit_events WHERE tenant_id = ${k.tenant} AND quote_id = ${k.quote} AND (hold_id IS NULL OR hold_id = ${k.hold})) earlier
         ORDER BY v.ord`,
  };
}
