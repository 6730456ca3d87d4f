import type { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { continuationOf } from '../../errors/pending-outcome';
import { agentActor, eur, holdRecord, quoteRecord, TRAVELER } from '../../testing/chain-fixtures';
import { FakeAudit, FakeBookings, FakeNights, FakeOutbox, FakePayments, FakeProvider, fakeContext, fakeSigner } from '../../testing/fake-chain-ports';
import { FakeAuthorizations, FakeConversion, FakeHoldExpiryScheduler, FakeHolds, FakeQuotes, FakeStayFollowUps } from '../../testing/fake-hold-ports';
import type { Caller } from '../../identity/principal';
import { FakeClientReferences } from '../../testing/fake-client-references';
import { ClientReferenceGate } from '../services/client-reference-gate';
import type { ConfirmBookingCommand } from '../confirm-booking.command';
import { ConfirmBooking } from './confirm-booking.use-case';
import { ExpireHold } from './expire-hold.use-case';
import { SettleBookingAttempt } from '../services/settle-booking-attempt';
import { AbortBookingAttempt } from '../services/abort-booking-attempt';
import { ConfirmationPlanner } from '../services/confirmation-planner';
import { ConfirmedBookingAnswer } from '../services/confirmed-booking-answer';
import { IdempotencyKeyTaken, IdempotentRequest, KeyClaim } from '../../idempotency/idempotent-request';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

function setup(paymentTimeoutMs = 1000) {
  const quotes = new FakeQuotes();
  const holds = new FakeHolds(quotes);
  const bookings = new FakeBookings();
  const payments = new FakePayments();
  const authorizations = new FakeAuthorizations();
  const nights = new FakeNights(1);
  const conversion = new FakeConversion(holds, payments, bookings, authorizations, nights);
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const provider = new FakeProvider();
  const followUps = new FakeStayFollowUps();
  const context = fakeContext();
  const expire = new ExpireHold(holds, quotes, nights, audit, outbox, context);
  const config = { paymentTimeoutMs } as AppConfig;
  const references = new FakeClientReferences();
  const expiryJobs = new FakeHoldExpiryScheduler();
  const answers = new ConfirmedBookingAnswer(bookings, payments, holds);
  const aborts = new AbortBookingAttempt(payments, references, holds, authorizations, audit, expire, context);
  const planner = new ConfirmationPlanner(fakeSigner(), followUps, context);
  const settlement = new SettleBookingAttempt(provider, planner, conversion, aborts, answers, followUps, expiryJobs, config);
  const gate = new ClientReferenceGate(references, bookings, payments, config);
  const useCase = new ConfirmBooking(holds, payments, authorizations, conversion, expire, settlement, gate, answers);
  const quote = quoteRecord();
  const hold = holdRecord(quote);
  quotes.rows.push(quote);
  holds.rows.push(hold);
  for (const n of ['2099-05-10', '2099-05-11']) nights.nights.set(n, { allotment: 1, held: 1, sold: 0 });
  const command: ConfirmBookingCommand = {
    holdId: hold.id,
    quoteId: quote.id,
    guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
    payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
    idempotencyKey: 'key-1',
  };
  return { useCase, quote, hold, holds, bookings, payments, authorizations, nights, conversion, audit, provider, followUps, command, expiryJobs };
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('ConfirmBooking', () => {
  it('under a deposit, charges the deposit keeping the card and plans the balance; the plan carries both entries', async () => {
    const { useCase, command, quote, provider, conversion } = setup();
    quote.policySnapshot = { ...quote.policySnapshot, payment_terms: { kind: 'deposit', deposit_pct: 25, balance_due_days: 10 } };
    provider.chargeResult = { outcome: 'succeeded', reference: 'ch_deposit', cardReference: 'card_kept' };
    const outcome = await useCase.execute(command, agentActor(), TRAVELER);
    expect(provider.charges).toEqual([expect.objectContaining({ amount: eur(5000), keepCard: true })]);
    expect(outcome.data.payment).toMatchObject({ state: 'scheduled', amount: eur(5000) });
    expect(outcome.data.payment?.schedule.map((e) => [e.kind, e.amount.amount, e.state])).toEqual([
      ['deposit', 5000, 'captured'],
      ['balance', 15000, 'scheduled'],
    ]);
    expect(conversion.completed[0].payment).toMatchObject({ cardReference: 'card_kept', state: 'scheduled' });
    expect(outcome.meta.receipt?.subject).toMatchObject({ payment_terms_kind: 'deposit', charged_at_booking_amount: 5000, balance_amount: 15000 });
  });

  it('under a deposit whose balance would already be due, charges everything at booking as one full entry, keeping no card', async () => {
    const { useCase, command, quote, provider, conversion } = setup();
    const checkInAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    quote.policySnapshot = { ...quote.policySnapshot, check_in_at: checkInAt, payment_terms: { kind: 'deposit', deposit_pct: 25, balance_due_days: 10 } };
    const outcome = await useCase.execute(command, agentActor(), TRAVELER);
    expect(provider.charges).toEqual([expect.objectContaining({ amount: eur(20000) })]);
    expect(provider.charges[0]).not.toHaveProperty('keepCard');
    expect(outcome.data.payment).toMatchObject({ state: 'captured', amount: eur(20000) });
    expect(outcome.data.payment?.schedule.map((e) => [e.kind, e.amount.amount, e.state])).toEqual([['full', 20000, 'captured']]);
    expect(conversion.completed[0].payment.schedule).toBeUndefined();
  });

  it('under pay at property, guarantees the card and charges nothing; a declined guarantee is payment_failed', async () => {
    const declined = setup();
    declined.quote.policySnapshot = { ...declined.quote.policySnapshot, payment_terms: { kind: 'pay_at_property' } };
    declined.provider.guaranteeResult = { outcome: 'declined', message: 'Your card was declined.' };
    expect((await failure(declined.useCase.execute(declined.command, agentActor(), TRAVELER))).code).toBe('payment_failed');

    const { useCase, command, quote, provider } = setup();
    quote.policySnapshot = { ...quote.policySnapshot, payment_terms: { kind: 'pay_at_property' } };
    const outcome = await useCase.execute(command, agentActor(), TRAVELER);
    expect(provider.charges).toEqual([]);
    expect(provider.guarantees).toEqual([expect.objectContaining({ token: 'tok_visa' })]);
    expect(outcome.data.payment).toMatchObject({ state: 'guaranteed', amount: eur(0), schedule: [] });
  });

  it("books a rooms quote's units and rooms with the names given, and refuses names of rooms the quote does not have", async () => {
    const { useCase, command, quote, hold, nights, conversion, provider } = setup();
    const party = { adults: 2, children: [] };
    quote.rooms = [party, party, party];
    hold.units = 3;
    for (const n of ['2099-05-10', '2099-05-11']) nights.nights.set(n, { allotment: 5, held: 3, sold: 0 });

    const named = (rooms: Array<{ room: number; full_name: string }>) => ({ ...command, guest: { ...command.guest, rooms } });
    const refused = await failure(
      useCase.execute(
        named([
          { room: 4, full_name: 'Nobody' },
          { room: 1, full_name: 'A' },
          { room: 1, full_name: 'B' },
        ]),
        agentActor(),
        TRAVELER,
      ),
    );
    expect([refused.code, refused.detail.field_errors]).toEqual([
      'validation_failed',
      [expect.objectContaining({ path: 'guest.rooms[0].room' }), expect.objectContaining({ path: 'guest.rooms[2].room' })],
    ]);
    expect(provider.charges).toHaveLength(0);

    const outcome = await useCase.execute(named([{ room: 2, full_name: 'Grace Hopper' }]), agentActor(), TRAVELER);
    expect((outcome.data as { rooms: unknown }).rooms).toEqual([
      { room: 1, guests: party, state: 'confirmed' },
      { room: 2, guests: party, state: 'confirmed', full_name: 'Grace Hopper' },
      { room: 3, guests: party, state: 'confirmed' },
    ]);
    expect(outcome.data.guest).toEqual(command.guest);
    expect(conversion.completed[0].units).toBe(3);
    expect([...nights.nights.values()].map((c) => [c.held, c.sold])).toEqual([
      [0, 3],
      [0, 3],
    ]);
  });

  it('charges once, then writes booking, payment, audit, outbox and follow-ups in one conversion', async () => {
    const { useCase, command, hold, quote, provider, conversion, nights, followUps, payments } = setup();
    const outcome = await useCase.execute(command, agentActor(), TRAVELER);

    expect(outcome.meta.status).toBe(201);
    expect(outcome.meta.receipt).toMatchObject({ kind: 'booking_confirmed' });
    expect(outcome.data).toMatchObject({
      state: 'confirmed',
      hold_id: hold.id,
      quote_id: quote.id,
      traveler: TRAVELER,
      payment: { state: 'captured', amount: eur(20000) },
    });
    expect(outcome.meta.next_actions?.map((a) => a.rel)).toEqual(['get', 'cancel', 'get_audit']);

    expect(provider.charges).toHaveLength(1);
    expect(provider.charges[0]).toMatchObject({ idempotencyKey: payments.attempts[0].id, amount: eur(20000), token: 'tok_visa' });
    const [written] = conversion.completed;
    expect(written.audit.map((a) => a.type)).toEqual(['booking.confirmed', 'payment.captured', 'follow_up.scheduled']);
    expect(written.outbox).toEqual([
      expect.objectContaining({ type: 'booking.confirmed', aggregateId: written.booking.id, auditIndex: 0, payload: outcome.data }),
    ]);
    expect(hold.id).toBe(written.holdId);
    expect([...nights.nights.values()]).toEqual([
      { allotment: 1, held: 0, sold: 1 },
      { allotment: 1, held: 0, sold: 1 },
    ]);
    expect(followUps.dispatched).toEqual(written.followUps);
  });

  it("removes the converted hold's expiry job, and answers the booking even when Redis refuses the removal", async () => {
    const { useCase, command, hold, expiryJobs } = setup();
    await useCase.execute(command, agentActor(), TRAVELER);
    expect(expiryJobs.cancelled).toEqual([hold.id]);

    const refused = setup();
    refused.expiryJobs.failWith = new Error('Redis is away');
    const outcome = await refused.useCase.execute(refused.command, agentActor(), TRAVELER);
    expect(outcome.meta.status).toBe(201);
    expect(refused.expiryJobs.cancelled).toEqual([]);
  });

  it('replays a converted hold with the same key as the same booking, without charging again', async () => {
    const { useCase, command, provider } = setup();
    const first = await useCase.execute(command, agentActor(), TRAVELER);
    const again = await useCase.execute(command, agentActor(), TRAVELER);
    expect(again.data).toEqual(first.data);
    expect(provider.charges).toHaveLength(1);
  });

  const key: KeyClaim = {
    scope: { tenantId: 't', principalId: 'p', route: 'POST /v1/bookings', key: 'key-1' },
    requestHash: 'h',
    leaseMs: 1000,
    retentionHours: 1,
  };

  it('seals the answer under the idempotency key in the complete statement when the command carries the record', async () => {
    const { useCase, command, conversion } = setup();
    const idempotency = IdempotentRequest.claimed(key, (outcome) => ({ status: 201, body: { rendered: outcome } }));
    const outcome = await useCase.execute({ ...command, idempotency }, agentActor(), TRAVELER);
    expect(conversion.completed[0].idempotency).toEqual({ scope: key.scope, response: { status: 201, body: { rendered: outcome } } });
    expect(idempotency.storedFor(outcome)).toEqual({ status: 201, body: { rendered: outcome } });
    expect(idempotency.storedFor({ another: 'outcome' })).toBeNull();
  });

  it('seals nothing without a record, for an unsealed answer, or when the complete statement did not write', async () => {
    const plain = setup();
    await plain.useCase.execute(plain.command, agentActor(), TRAVELER);
    expect(plain.conversion.completed[0].idempotency).toBeNull();

    const unsealed = setup();
    const notSealed = IdempotentRequest.claimed(key, () => null);
    const outcome = await unsealed.useCase.execute({ ...unsealed.command, idempotency: notSealed }, agentActor(), TRAVELER);
    expect(unsealed.conversion.completed[0].idempotency).toBeNull();
    expect(notSealed.storedFor(outcome)).toBeNull();

    const lost = setup();
    lost.conversion.complete = async () => false; // another runner of the attempt finished it first
    const stolen = IdempotentRequest.claimed(key, () => ({ status: 201, body: {} }));
    const answer = await lost.useCase.execute({ ...lost.command, idempotency: stolen }, agentActor(), TRAVELER).catch(() => null);
    expect(stolen.storedFor(answer)).toBeNull();
  });

  it("claims the key with the hold's read, and stops before any write when the key is another request's", async () => {
    const { useCase, command, holds, provider, payments } = setup();
    const claimed: string[] = [];
    const mine = IdempotentRequest.claimedByFirstRead(
      key,
      () => null,
      () => claimed.push('mine'),
    );
    await useCase.execute({ ...command, idempotency: mine }, agentActor(), TRAVELER);
    expect(mine.claimOutcome).toBe('claimed');
    expect(claimed).toEqual(['mine']);

    const again = setup();
    again.holds.keyClaims.keys.add('t|p|POST /v1/bookings|key-1');
    const theirs = IdempotentRequest.claimedByFirstRead(
      key,
      () => null,
      () => claimed.push('theirs'),
    );
    await expect(again.useCase.execute({ ...again.command, idempotency: theirs }, agentActor(), TRAVELER)).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    expect(theirs.claimOutcome).toBe('taken');
    expect(claimed).toEqual(['mine']);
    expect(again.provider.charges).toEqual([]);
    expect(again.payments.attempts).toEqual([]);
    expect(holds.keyClaims.keys.size).toBe(1);
    expect(provider.charges).toHaveLength(1);
    expect(payments.attempts).toHaveLength(1);
  });

  it('refuses another agent, another quote and an unknown hold', async () => {
    const { useCase, command } = setup();
    expect((await failure(useCase.execute(command, agentActor('99999999-9999-4999-8999-999999999999'), TRAVELER))).code).toBe('resource_access_denied');
    expect((await failure(useCase.execute({ ...command, quoteId: 'other' }, agentActor(), TRAVELER))).code).toBe('quote_mismatch');
    expect((await failure(useCase.execute({ ...command, holdId: 'unknown' }, agentActor(), TRAVELER))).code).toBe('hold_not_found');
  });

  it('gives the hold back on a decline: payment_failed, attempt declined, audit payment.declined', async () => {
    const { useCase, command, provider, holds, hold, payments, audit, expiryJobs } = setup();
    provider.chargeResult = { outcome: 'declined', message: 'Your card was declined.' };
    const error = await failure(useCase.execute(command, agentActor(), TRAVELER));
    expect(error.code).toBe('payment_failed');
    expect(error.detail).toMatchObject({ provider_message: 'Your card was declined.' });
    expect((await holds.findById(hold.tenantId, hold.id))?.state).toBe('held');
    // The hold is live again: its expiry job stays.
    expect(expiryJobs.cancelled).toEqual([]);
    expect(payments.attempts[0].state).toBe('declined');
    expect(audit.events).toEqual([
      expect.objectContaining({
        type: 'payment.declined',
        holdId: hold.id,
        data: { attempt_id: payments.attempts[0].id, provider_message: 'Your card was declined.' },
      }),
    ]);
  });

  it('passes the decline code of the provider on as detail.decline_code', async () => {
    const { useCase, command, provider } = setup();
    provider.chargeResult = { outcome: 'declined', message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' };
    const error = await failure(useCase.execute(command, agentActor(), TRAVELER));
    expect(error.detail).toMatchObject({ provider_message: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' });
  });

  it('answers payment_action_required while the traveler must authenticate, keeps the attempt pending, and books once the provider says so', async () => {
    const { useCase, command, provider, holds, hold, payments, bookings } = setup();
    const actionUrl = 'https://hooks.stripe.example/3ds/pi_1';
    provider.chargeResult = { outcome: 'action_required', reference: 'pi_1', actionUrl };
    const first = await failure(useCase.execute(command, agentActor(), TRAVELER));
    expect(first.code).toBe('payment_action_required');
    expect(first.detail).toEqual({ hold_id: hold.id, action_url: actionUrl, replay_with_same_idempotency_key: true });
    expect(first.retryAfter).toBeGreaterThan(0);
    expect(payments.attempts[0].state).toBe('pending');
    expect((await holds.findById(hold.tenantId, hold.id))?.state).toBe('converting');
    // A replay before the traveler acts: the same answer, under the same attempt and key.
    expect((await failure(useCase.execute(command, agentActor(), TRAVELER))).code).toBe('payment_action_required');
    // The traveler authenticated: the provider's answer for the key is final, the resume books.
    provider.chargeResult = { outcome: 'succeeded', reference: 'pi_1' };
    await expect(useCase.resume(payments.attempts[0])).resolves.toBe('confirmed');
    expect(bookings.rows).toHaveLength(1);
    expect(new Set(provider.charges.map((c) => c.idempotencyKey))).toEqual(new Set([payments.attempts[0].id]));
    await expect(useCase.execute(command, agentActor(), TRAVELER)).resolves.toMatchObject({ data: { state: 'confirmed' } });
  });

  it('resumes an attempt still waiting for the traveler as waiting, failing nothing', async () => {
    const { useCase, command, provider, holds, hold, payments } = setup();
    provider.chargeResult = { outcome: 'action_required', reference: 'pi_2', actionUrl: 'https://bank.example/3ds' };
    await failure(useCase.execute(command, agentActor(), TRAVELER));
    await expect(useCase.resume(payments.attempts[0])).resolves.toBe('waiting');
    expect(payments.attempts[0].state).toBe('pending');
    expect((await holds.findById(hold.tenantId, hold.id))?.state).toBe('converting');
  });

  it('answers payment_provider_error when the provider fails', async () => {
    const { useCase, command, provider } = setup();
    provider.chargeResult = () => {
      throw new Error('connection reset');
    };
    const error = await failure(useCase.execute(command, agentActor(), TRAVELER));
    expect(error.code).toBe('payment_provider_error');
    expect(error.detail).toMatchObject({ provider_message: 'connection reset' });
  });

  it('needs a booking authorization above the agent limit', async () => {
    const { useCase, command } = setup();
    const limited: Caller = { ...agentActor(), bookingLimit: eur(100) };
    const error = await failure(useCase.execute(command, limited, TRAVELER));
    expect(error.code).toBe('authorization_required');
    expect((await failure(useCase.execute({ ...command, bookingAuthorizationId: 'unknown' }, limited, TRAVELER))).detail).toMatchObject({
      reason: 'not_found',
    });
  });

  it('answers payment_timeout past the budget and hands the finished booking to the continuation', async () => {
    const { useCase, command, provider } = setup(20);
    provider.chargeDelayMs = 100;
    const error = await failure(useCase.execute(command, agentActor(), TRAVELER));
    expect(error.code).toBe('payment_timeout');
    await expect(continuationOf(error)).resolves.toMatchObject({ data: { state: 'confirmed' } });
  });

  it('expires a hold past its TTL and answers hold_expired', async () => {
    const { useCase, command, hold, holds, provider } = setup();
    holds.rows[0].expired = true;
    const error = await failure(useCase.execute(command, agentActor(), TRAVELER));
    expect(error.code).toBe('hold_expired');
    expect((await holds.findById(hold.tenantId, hold.id))?.state).toBe('expired');
    expect(provider.charges).toHaveLength(0);
  });
});
