import { randomUUID } from 'node:crypto';
import { BookingConversion, HoldReservation, type BeginConversion, type CompleteConversion, type HoldRecord } from '@hcs/domain';
import { booking, TRAVELER } from '../../../libs/domain/src/testing/chain-fixtures';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';

const NIGHTS = ['2099-05-10', '2099-05-11'];
const trace = () => randomUUID().replace(/-/g, '');

describe('SqlBookingConversion (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let conversion: BookingConversion;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    conversion = tier.get(BookingConversion);
  });
  afterAll(() => tier.close());

  async function heldChain(): Promise<{ chain: SeededChain; hold: HoldRecord }> {
    const chain = await seedChain(tier, { defaultInventory: 2 });
    const result = await tier.get(HoldReservation).reserve({
      hold: {
        tenantId: chain.tenantId,
        agentId: chain.agentId,
        quoteId: chain.quote.id,
        roomTypeId: chain.roomType.id,
        stay: chain.quote.stay,
        units: 1,
        ...newHoldIdentity(600),
        maxLiveHolds: 1000,
      },
      nights: NIGHTS,
      audit: { type: 'hold.created', actor: { kind: 'agent', id: chain.agentId }, traceId: trace(), data: {} },
    });
    if (!result.ok) throw new Error('the seeded room type has free rooms');
    return { chain, hold: result.hold };
  }

  function begin(chain: SeededChain, hold: HoldRecord, key: string): BeginConversion {
    return {
      attempt: {
        tenantId: chain.tenantId,
        holdId: hold.id,
        idempotencyKey: key,
        amount: chain.quote.priceBreakdown.total,
        method: 'card',
        providerToken: 'tok_visa',
        billingCountry: 'FR',
        bookingRequest: {
          guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+33 1 00 00 00 00' } },
          traveler: TRAVELER,
          agent: { principal_id: chain.agentId, kind: 'agent', booking_limit: null },
        },
      },
      from: ['held'],
      to: 'converting',
      authorizationId: null,
      delegationUse: null,
    };
  }

  function complete(chain: SeededChain, hold: HoldRecord, key: string, attemptId: string): CompleteConversion {
    const b = booking({
      tenantId: chain.tenantId,
      agentId: chain.agentId,
      quoteId: chain.quote.id,
      holdId: hold.id,
      propertyId: chain.property.id,
      roomTypeId: chain.roomType.id,
      ratePlanId: chain.ratePlan.id,
      stay: chain.quote.stay,
      priceBreakdown: chain.quote.priceBreakdown,
      policySnapshot: chain.quote.policySnapshot,
      idempotencyKey: key,
    });
    const actor = { kind: 'agent' as const, id: chain.agentId };
    return {
      tenantId: chain.tenantId,
      holdId: hold.id,
      idempotencyKey: key,
      from: ['converting'],
      to: 'converted',
      roomTypeId: chain.roomType.id,
      units: 1,
      nights: NIGHTS,
      attemptId,
      providerReference: 'sbx_ref_1',
      booking: b,
      payment: {
        id: randomUUID(),
        tenantId: chain.tenantId,
        bookingId: b.id,
        amount: b.priceBreakdown.total,
        refunded: { amount: 0, currency: 'EUR' },
        state: 'captured',
        providerReference: 'sbx_ref_1',
        capturedAt: new Date(),
        attemptId,
      },
      audit: [
        { type: 'payment.captured', actor, traceId: trace(), data: {} },
        { type: 'booking.confirmed', actor, traceId: trace(), data: {} },
      ],
      followUps: [],
      outbox: [{ type: 'booking.confirmed', aggregateType: 'booking', aggregateId: b.id, payload: { booking_id: b.id }, traceId: trace(), auditIndex: 1 }],
    };
  }

  it('begin moves the hold to converting and records a pending attempt; a second begin finds the hold no longer live', async () => {
    const { chain, hold } = await heldChain();

    const first = await conversion.begin(begin(chain, hold, 'key-1'));

    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.attempt).toMatchObject({ holdId: hold.id, idempotencyKey: 'key-1', state: 'pending', amount: chain.quote.priceBreakdown.total });
    await expect(tier.query(`SELECT state, converting_key FROM holds WHERE id = $1`, [hold.id])).resolves.toEqual([
      { state: 'converting', converting_key: 'key-1' },
    ]);
    await expect(conversion.begin(begin(chain, hold, 'key-2'))).resolves.toEqual({ ok: false, reason: 'hold_not_live' });
  });

  it('complete writes hold, inventory, attempt, booking, payment, audit and outbox in one statement', async () => {
    const { chain, hold } = await heldChain();
    const started = await conversion.begin(begin(chain, hold, 'key-1'));
    if (!started.ok) throw new Error('begin refused');
    const input = complete(chain, hold, 'key-1', started.attempt.id);

    await expect(conversion.complete(input)).resolves.toBe(true);

    await expect(tier.query(`SELECT state, converting_key FROM holds WHERE id = $1`, [hold.id])).resolves.toEqual([
      { state: 'converted', converting_key: null },
    ]);
    await expect(tier.query(`SELECT held, sold FROM inventory_nights WHERE room_type_id = $1 ORDER BY night`, [chain.roomType.id])).resolves.toEqual([
      { held: 0, sold: 1 },
      { held: 0, sold: 1 },
    ]);
    await expect(tier.query(`SELECT state, provider_token FROM payment_attempts WHERE id = $1`, [started.attempt.id])).resolves.toEqual([
      { state: 'succeeded', provider_token: null },
    ]);
    await expect(tier.query(`SELECT id, state FROM bookings WHERE hold_id = $1`, [hold.id])).resolves.toEqual([{ id: input.booking.id, state: 'confirmed' }]);
    await expect(tier.query(`SELECT id FROM payments WHERE booking_id = $1`, [input.booking.id])).resolves.toEqual([{ id: input.payment.id }]);
    const audit = await tier.query<{ type: string }>(`SELECT type FROM audit_events WHERE tenant_id = $1 AND quote_id = $2 ORDER BY id`, [
      chain.tenantId,
      chain.quote.id,
    ]);
    expect(audit.map((a) => a.type)).toEqual(['quote.created', 'hold.created', 'payment.captured', 'booking.confirmed']);
    // The event's sequence is the chain's audit seq of its entry: quote, hold, payment, booking -> 4.
    await expect(tier.query(`SELECT type, sequence FROM outbox_events WHERE aggregate_id = $1`, [input.booking.id])).resolves.toEqual([
      { type: 'booking.confirmed', sequence: '4' },
    ]);
  });

  it('complete under another key writes nothing and answers false', async () => {
    const { chain, hold } = await heldChain();
    const started = await conversion.begin(begin(chain, hold, 'key-1'));
    if (!started.ok) throw new Error('begin refused');

    await expect(conversion.complete(complete(chain, hold, 'key-other', started.attempt.id))).resolves.toBe(false);

    await expect(tier.query(`SELECT count(*)::int AS n FROM bookings WHERE hold_id = $1`, [hold.id])).resolves.toEqual([{ n: 0 }]);
    await expect(tier.query(`SELECT held, sold FROM inventory_nights WHERE room_type_id = $1 AND night = $2`, [chain.roomType.id, NIGHTS[0]])).resolves.toEqual(
      [{ held: 1, sold: 0 }],
    );
  });
});
