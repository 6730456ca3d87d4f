import { randomUUID } from 'node:crypto';
import {
  BookingConversion,
  HoldReservation,
  PaymentRepository,
  PaymentSchedule,
  type BeginConversion,
  type CompleteConversion,
  type HoldRecord,
} from '@hcs/domain';
import { booking, TRAVELER } from '../../../libs/domain/src/testing/chain-fixtures';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';

const NIGHTS = ['2099-05-10', '2099-05-11'];
const DEPOSIT = { amount: 3000, currency: 'EUR' };
const BALANCE = { amount: 7000, currency: 'EUR' };
const trace = () => randomUUID().replace(/-/g, '');

/**
 * The payment schedule (docs/payments.md "Balances and fees the worker charges") against real
 * Postgres: a deposit booking's complete statement writes its schedule; claiming an attempt is
 * exclusive under concurrency, a lapsed claim is taken over under the same attempt number, and a
 * settlement lands once.
 */
describe('SqlPaymentSchedule (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let conversion: BookingConversion;
  let schedule: PaymentSchedule;
  let payments: PaymentRepository;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    conversion = tier.get(BookingConversion);
    schedule = tier.get(PaymentSchedule);
    payments = tier.get(PaymentRepository);
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
        amount: DEPOSIT,
        refunded: { amount: 0, currency: 'EUR' },
        state: 'scheduled',
        providerReference: 'sbx_ref_1',
        capturedAt: new Date(),
        attemptId,
        cardReference: 'card_sandbox_kept',
        schedule: [
          { id: randomUUID(), kind: 'deposit', dueAt: new Date().toISOString(), amount: DEPOSIT, state: 'captured' },
          { id: randomUUID(), kind: 'balance', dueAt: new Date(Date.now() - 1000).toISOString(), amount: BALANCE, state: 'scheduled' },
        ],
      },
      audit: [
        { type: 'payment.captured', actor, traceId: trace(), data: {} },
        { type: 'booking.confirmed', actor, traceId: trace(), data: {} },
      ],
      followUps: [],
      outbox: [{ type: 'booking.confirmed', aggregateType: 'booking', aggregateId: b.id, payload: { booking_id: b.id }, traceId: trace(), auditIndex: 1 }],
    };
  }

  /** A confirmed deposit booking whose balance is due now; its ids. */
  async function depositBooking() {
    const { chain, hold } = await heldChain();
    const started = await conversion.begin(begin(chain, hold, 'key-1'));
    if (!started.ok) throw new Error('begin refused');
    const input = complete(chain, hold, 'key-1', started.attempt.id);
    expect(await conversion.complete(input)).toBe(true);
    const balance = input.payment.schedule?.[1];
    if (!balance) throw new Error('no balance planned');
    return { tenantId: chain.tenantId, bookingId: input.booking.id, entryId: balance.id };
  }

  it('the complete statement writes the schedule and the kept card; the payment read carries them', async () => {
    const b = await depositBooking();
    const payment = await payments.findByBooking(b.tenantId, b.bookingId);
    expect(payment).toMatchObject({ state: 'scheduled', amount: DEPOSIT, cardReference: 'card_sandbox_kept' });
    expect(payment?.schedule?.map((e) => [e.kind, e.amount.amount, e.state])).toEqual([
      ['balance', 7000, 'scheduled'],
      ['deposit', 3000, 'captured'],
    ]);
    expect(await schedule.listDue(1000)).toContainEqual({ tenantId: b.tenantId, entryId: b.entryId });
  });

  it('gives one attempt to exactly one of many concurrent claims', async () => {
    const b = await depositBooking();
    const claims = await Promise.all(Array.from({ length: 8 }, () => schedule.claim(b.tenantId, b.entryId, 60_000)));
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ attempt: 1, kind: 'balance', amount: BALANCE, cardReference: 'card_sandbox_kept' });
    expect(await schedule.listDue(1000)).not.toContainEqual({ tenantId: b.tenantId, entryId: b.entryId });
  });

  it('takes over a lapsed claim under the same attempt number, and settles it once', async () => {
    const b = await depositBooking();
    expect((await schedule.claim(b.tenantId, b.entryId, 60_000))?.attempt).toBe(1);
    expect(await schedule.claim(b.tenantId, b.entryId, 60_000)).toBeNull();
    await tier.query(`UPDATE payment_schedule SET claimed_until = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2`, [b.tenantId, b.entryId]);
    expect((await schedule.claim(b.tenantId, b.entryId, 60_000))?.attempt).toBe(1);

    expect(await schedule.settle(b.tenantId, b.entryId, 1, { kind: 'captured', providerReference: 'ch_balance' })).toBe(true);
    expect(await schedule.settle(b.tenantId, b.entryId, 1, { kind: 'captured', providerReference: 'ch_balance' })).toBe(false);
    const payment = await payments.findByBooking(b.tenantId, b.bookingId);
    expect(payment).toMatchObject({ state: 'captured', amount: { amount: 10000, currency: 'EUR' } });
  });

  it('numbers a retry as a new attempt once its delay has passed, and fails the balance as overdue', async () => {
    const b = await depositBooking();
    await schedule.claim(b.tenantId, b.entryId, 60_000);
    expect(await schedule.settle(b.tenantId, b.entryId, 1, { kind: 'retry', message: 'declined', nextAttemptAt: new Date(Date.now() + 3_600_000) })).toBe(true);
    expect(await schedule.claim(b.tenantId, b.entryId, 60_000)).toBeNull();
    await tier.query(`UPDATE payment_schedule SET next_attempt_at = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2`, [b.tenantId, b.entryId]);
    expect((await schedule.claim(b.tenantId, b.entryId, 60_000))?.attempt).toBe(2);
    expect(await schedule.settle(b.tenantId, b.entryId, 1, { kind: 'failed', message: 'stale attempt' })).toBe(false);
    expect(await schedule.settle(b.tenantId, b.entryId, 2, { kind: 'failed', message: 'declined' })).toBe(true);
    expect((await payments.findByBooking(b.tenantId, b.bookingId))?.state).toBe('overdue');
  });

  it('a cancel cancels an unclaimed balance and adds a fee entry due now', async () => {
    const b = await depositBooking();
    const payment = await payments.findByBooking(b.tenantId, b.bookingId);
    await schedule.cancelScheduled(b.tenantId, b.bookingId);
    await schedule.addCancellationFee(b.tenantId, b.bookingId, payment?.id ?? '', { amount: 500, currency: 'EUR' });
    const after = await payments.findByBooking(b.tenantId, b.bookingId);
    expect(after?.state).toBe('captured');
    expect(after?.schedule?.map((e) => [e.kind, e.state]).sort()).toEqual([
      ['balance', 'cancelled'],
      ['cancellation_fee', 'scheduled'],
      ['deposit', 'captured'],
    ]);
  });

  it('resizes an untried balance after a room cancel, cancelling it at zero, and refunds draw on a scheduled payment', async () => {
    const b = await depositBooking();
    const payment = await payments.findByBooking(b.tenantId, b.bookingId);
    const refunded = await payments.refund(b.tenantId, payment?.id ?? '', 1000);
    expect(refunded).toMatchObject({ state: 'scheduled', refunded: { amount: 1000, currency: 'EUR' } });
    await schedule.resizeBalance(b.tenantId, b.bookingId, -2000);
    expect((await payments.findByBooking(b.tenantId, b.bookingId))?.schedule?.find((e) => e.kind === 'balance')).toMatchObject({
      amount: { amount: 5000 },
      state: 'scheduled',
    });
    await schedule.resizeBalance(b.tenantId, b.bookingId, -5000);
    const after = await payments.findByBooking(b.tenantId, b.bookingId);
    expect(after?.state).toBe('captured');
    expect(after?.schedule?.find((e) => e.kind === 'balance')?.state).toBe('cancelled');
  });
});
