import type { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { agentActor, holdRecord, quoteRecord } from '../../testing/chain-fixtures';
import { FakeAudit, FakeNights, FakeOutbox, fakeContext } from '../../testing/fake-chain-ports';
import { FakeHoldExpiryScheduler, FakeHoldReservation, FakeHolds, FakeQuotes } from '../../testing/fake-hold-ports';
import type { HoldReservationResult } from '../ports/hold-reservation';
import { CreateHold } from './create-hold.use-case';
import { IdempotentRequest, KeyClaim } from '../../idempotency/idempotent-request';
import { ChainRecorder } from '../services/chain-recorder';
import { ExpireHold } from './expire-hold.use-case';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

const config = { holdTtlSeconds: 900 } as AppConfig;

function setup(allotment = 1) {
  const quotes = new FakeQuotes();
  const holds = new FakeHolds(quotes);
  const nights = new FakeNights(allotment);
  const reservation = new FakeHoldReservation(holds, nights);
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const scheduler = new FakeHoldExpiryScheduler();
  const context = fakeContext();
  const expiry = new ExpireHold(holds, quotes, nights, audit, outbox, context);
  const useCase = new CreateHold(quotes, reservation, holds, nights, new ChainRecorder(audit, new FakeOutbox(), context), scheduler, expiry, config);
  quotes.stockFrom(nights, holds);
  const quote = quoteRecord();
  quotes.rows.push(quote);
  return { quotes, holds, nights, reservation, audit, scheduler, useCase, quote };
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('CreateHold', () => {
  it('holds a room on every night in one reservation, audits it and schedules its expiry', async () => {
    const { useCase, quote, nights, reservation, scheduler } = setup();
    const outcome = await useCase.execute({ quoteId: quote.id }, agentActor());
    expect(outcome.data).toMatchObject({ quote_id: quote.id, state: 'held' });
    expect([...nights.nights.values()].map((c) => c.held)).toEqual([1, 1]);
    expect(outcome.meta.next_actions?.map((a) => a.rel)).toEqual(['confirm', 'release', 'requote']);
    expect(outcome.meta.expires_at).toEqual(expect.any(String));
    expect(reservation.audit).toEqual([
      expect.objectContaining({
        type: 'hold.created',
        actor: { kind: 'agent', id: agentActor().principalId },
        data: { nights: ['2099-05-10', '2099-05-11'], expires_at: outcome.meta.expires_at },
      }),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(scheduler.scheduled).toHaveLength(1);
  });

  describe('an Idempotency-Key', () => {
    const key: KeyClaim = {
      scope: { tenantId: 't', principalId: 'p', route: 'POST /v1/holds', key: 'key-1' },
      requestHash: 'h',
      leaseMs: 1000,
      retentionHours: 1,
    };
    const rendered = (outcome: unknown) => ({ status: 201, body: { rendered: outcome } });

    it("seals the answer in the hold's own write, and the answer names the hold written", async () => {
      const { useCase, quote, holds } = setup();
      const idempotency = IdempotentRequest.claimed(key, rendered);
      const outcome = await useCase.execute({ quoteId: quote.id, idempotency }, agentActor());
      expect(holds.sealed).toEqual([{ scope: key.scope, response: rendered(outcome) }]);
      expect(idempotency.storedFor(outcome)).toEqual(rendered(outcome));
      expect(outcome.data).toMatchObject({ hold_id: holds.rows[0].id, created_at: holds.rows[0].createdAt.toISOString() });
      expect(outcome.meta.expires_at).toBe(holds.rows[0].expiresAt.toISOString());
      expect(holds.rows[0].expiresAt.getTime() - holds.rows[0].createdAt.getTime()).toBe(900_000);
    });

    it("seals it in the slow path's write too", async () => {
      const { useCase, quote, reservation, holds } = setup();
      jest.spyOn(reservation, 'reserve').mockResolvedValue({ ok: false } as HoldReservationResult);
      const idempotency = IdempotentRequest.claimed(key, rendered);
      const outcome = await useCase.execute({ quoteId: quote.id, idempotency }, agentActor());
      expect(holds.sealed).toEqual([{ scope: key.scope, response: rendered(outcome) }]);
      expect(idempotency.storedFor(outcome)).toEqual(rendered(outcome));
    });

    it('leaves the key to the layer when the write found no record to seal, or the answer is not one to seal', async () => {
      const unsealedWrite = setup();
      jest.spyOn(unsealedWrite.holds, 'create').mockImplementation(async (hold) => {
        unsealedWrite.holds.rows.push({ ...hold, state: 'held', convertingKey: null, expired: false });
        return { hold: unsealedWrite.holds.rows[0], sealed: false };
      });
      jest.spyOn(unsealedWrite.reservation, 'reserve').mockResolvedValue({ ok: false } as HoldReservationResult);
      const idempotency = IdempotentRequest.claimed(key, rendered);
      const outcome = await unsealedWrite.useCase.execute({ quoteId: unsealedWrite.quote.id, idempotency }, agentActor());
      expect(idempotency.storedFor(outcome)).toBeNull();

      const notSealed = setup();
      const plain = IdempotentRequest.claimed(key, () => null);
      const answer = await notSealed.useCase.execute({ quoteId: notSealed.quote.id, idempotency: plain }, agentActor());
      expect(notSealed.holds.sealed).toEqual([]);
      expect(plain.storedFor(answer)).toBeNull();
    });

    it('seals nothing when the stay is refused', async () => {
      const { useCase, quote, holds } = setup(0);
      const idempotency = IdempotentRequest.claimed(key, rendered);
      expect((await failure(useCase.execute({ quoteId: quote.id, idempotency }, agentActor()))).code).toBe('allotment_exhausted');
      expect(holds.sealed).toEqual([]);
    });
  });

  it('refuses an agent that does not own the quote, and a quote of another tenant does not exist', async () => {
    const { useCase, quote } = setup();
    expect((await failure(useCase.execute({ quoteId: quote.id }, agentActor('99999999-9999-4999-8999-999999999999')))).code).toBe('resource_access_denied');
    expect((await failure(useCase.execute({ quoteId: quote.id }, agentActor(undefined, '00000000-0000-4000-8000-000000000000')))).code).toBe('quote_not_found');
  });

  it('answers quote_expired with a requote next action', async () => {
    const { useCase, quote } = setup();
    quote.expired = true;
    const error = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
    expect(error.code).toBe('quote_expired');
    expect(error.nextActions?.map((a) => a.rel)).toEqual(['requote']);
  });

  it('takes the slow path when the one-statement reservation finds a full night, and audits the hold there', async () => {
    const { useCase, quote, reservation, audit, holds } = setup();
    jest.spyOn(reservation, 'reserve').mockResolvedValue({ ok: false } as HoldReservationResult);
    const outcome = await useCase.execute({ quoteId: quote.id }, agentActor());
    expect(holds.rows).toHaveLength(1);
    expect(audit.events).toEqual([
      expect.objectContaining({
        type: 'hold.created',
        quoteId: quote.id,
        holdId: holds.rows[0].id,
        data: { nights: ['2099-05-10', '2099-05-11'], expires_at: outcome.meta.expires_at },
      }),
    ]);
  });

  it('answers allotment_exhausted naming the full nights, and writes nothing', async () => {
    const { useCase, quote, holds, nights } = setup(0);
    const error = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
    expect(error.code).toBe('allotment_exhausted');
    expect(error.detail).toEqual({ quote_id: quote.id, room_type_id: quote.roomTypeId, dates: ['2099-05-10', '2099-05-11'] });
    expect(error.nextActions?.map((a) => a.rel)).toEqual(['search']);
    expect(holds.rows).toHaveLength(0);
    expect([...nights.nights.values()].every((c) => c.held === 0)).toBe(true);
  });

  describe('early refusal from the quote read', () => {
    /** A stay whose second night is full: the first has both rooms free, the second none. */
    function fullSecondNight() {
      const s = setup(2);
      s.nights.counter('2099-05-11').held = 2;
      const spies = {
        reserveAtOnce: jest.spyOn(s.reservation, 'reserve'),
        ensureNights: jest.spyOn(s.nights, 'ensureNights'),
        reserveReclaiming: jest.spyOn(s.nights, 'reserve'),
      };
      return { ...s, spies };
    }

    it('refuses a stay with a full night before any reservation: no fast path, no transaction, nothing written', async () => {
      const { useCase, quote, holds, nights, spies } = fullSecondNight();
      const error = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      expect(error.code).toBe('allotment_exhausted');
      expect(error.detail).toEqual({ quote_id: quote.id, room_type_id: quote.roomTypeId, dates: ['2099-05-11'] });
      expect(error.nextActions?.map((a) => a.rel)).toEqual(['search']);
      expect(spies.reserveAtOnce).not.toHaveBeenCalled();
      expect(spies.ensureNights).not.toHaveBeenCalled();
      expect(spies.reserveReclaiming).not.toHaveBeenCalled();
      expect(holds.rows).toHaveLength(0);
      expect([...nights.nights.entries()]).toEqual([['2099-05-11', { allotment: 2, held: 2, sold: 0 }]]);
    });

    it("gives the slow path's answer, field for field", async () => {
      const early = fullSecondNight();
      const earlyError = await failure(early.useCase.execute({ quoteId: early.quote.id }, agentActor()));
      // The same stay when the read saw a room that was gone by the reservation: the slow path refuses.
      const late = fullSecondNight();
      late.quotes.rows[0] = early.quote;
      // Both reads saw a room (the second one too: it was released and taken again meanwhile).
      jest.spyOn(late.quotes, 'findForHold').mockResolvedValue({ quote: early.quote, fullByCounters: [] });
      const lateError = await failure(late.useCase.execute({ quoteId: early.quote.id }, agentActor()));
      expect(late.spies.reserveReclaiming).toHaveBeenCalled();
      expect(earlyError.code).toBe(lateError.code);
      expect(earlyError.message).toBe(lateError.message);
      expect(earlyError.detail).toEqual(lateError.detail);
      expect(earlyError.nextActions).toEqual(lateError.nextActions);
      expect(earlyError.retryAfter).toEqual(lateError.retryAfter);
    });

    it('never grants: a stay the read saw free still goes through the reservation, which refuses a full night', async () => {
      const { useCase, quote, quotes, holds, nights, spies } = fullSecondNight();
      jest.spyOn(quotes, 'findForHold').mockResolvedValue({ quote, fullByCounters: [] });
      const error = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      expect(error.code).toBe('allotment_exhausted');
      expect(spies.reserveAtOnce).toHaveBeenCalledTimes(1);
      expect(spies.reserveReclaiming).toHaveBeenCalledTimes(1);
      expect(holds.rows).toHaveLength(0);
      expect(nights.counter('2099-05-11')).toEqual({ allotment: 2, held: 2, sold: 0 });
    });

    it('reads again after the reservation finds a night the first read saw free: proven full now, refused with no transaction', async () => {
      const { useCase, quote, quotes, holds, spies } = fullSecondNight();
      const read = jest.spyOn(quotes, 'findForHold').mockResolvedValueOnce({ quote, fullByCounters: [] });
      const error = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      expect(error.code).toBe('allotment_exhausted');
      expect(error.detail).toEqual({ quote_id: quote.id, room_type_id: quote.roomTypeId, dates: ['2099-05-11'] });
      expect(read).toHaveBeenCalledTimes(2);
      expect(spies.reserveAtOnce).toHaveBeenCalledTimes(1);
      expect(spies.ensureNights).not.toHaveBeenCalled();
      expect(spies.reserveReclaiming).not.toHaveBeenCalled();
      expect(holds.rows).toHaveLength(0);
    });

    it('takes the slow path after that second read when a due hold would give the full night back', async () => {
      const { useCase, quote, quotes, holds, spies } = fullSecondNight();
      holds.rows.push(holdRecord(quote, { state: 'held', expired: true, stay: { check_in: '2099-05-11', check_out: '2099-05-12' } }));
      jest.spyOn(quotes, 'findForHold').mockResolvedValueOnce({ quote, fullByCounters: [] });
      await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      expect(spies.reserveReclaiming).toHaveBeenCalledTimes(1);
    });

    it('does not refuse a full night that a due hold would give back: the slow path reclaims it', async () => {
      const { useCase, quote, holds, spies } = fullSecondNight();
      holds.rows.push(holdRecord(quote, { state: 'held', expired: true, stay: { check_in: '2099-05-11', check_out: '2099-05-12' } }));
      await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      // The fake slow path does not reclaim; what matters is that it was reached.
      expect(spies.reserveAtOnce).toHaveBeenCalledTimes(1);
      expect(spies.reserveReclaiming).toHaveBeenCalledTimes(1);
    });

    it('refuses even with a due hold elsewhere, when the full night has none to give back', async () => {
      const { useCase, quote, holds, spies } = fullSecondNight();
      holds.rows.push(holdRecord(quote, { state: 'held', expired: true, stay: { check_in: '2099-05-10', check_out: '2099-05-11' } }));
      holds.rows.push(holdRecord(quote, { state: 'released', expired: true, stay: { check_in: '2099-05-11', check_out: '2099-05-12' } }));
      expect((await failure(useCase.execute({ quoteId: quote.id }, agentActor()))).detail).toMatchObject({ dates: ['2099-05-11'] });
      expect(spies.reserveAtOnce).not.toHaveBeenCalled();
    });

    it('answers quote_expired first, as before', async () => {
      const { useCase, quote, spies } = fullSecondNight();
      quote.expired = true;
      expect((await failure(useCase.execute({ quoteId: quote.id }, agentActor()))).code).toBe('quote_expired');
      expect(spies.reserveAtOnce).not.toHaveBeenCalled();
    });
  });

  it('hides a database failure of the reservation behind allocation_failed', async () => {
    const { useCase, quote, reservation } = setup();
    jest.spyOn(reservation, 'reserve').mockRejectedValue(new Error('violates check constraint "inventory_nights_capacity"'));
    const error = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
    expect(error.code).toBe('allocation_failed');
    expect(error.detail).toEqual({ quote_id: quote.id, reason: 'reservation_failed' });
  });

  it('answers even when the expiry job cannot be enqueued (the sweep expires the hold)', async () => {
    const { useCase, quote, scheduler } = setup();
    scheduler.failWith = new Error('redis down');
    await expect(useCase.execute({ quoteId: quote.id }, agentActor())).resolves.toMatchObject({ data: { state: 'held' } });
  });

  it("holds a rooms quote's units on every night, refuses it early when fewer rooms are free, and the slow path takes the units too", async () => {
    const { useCase, quotes, nights, reservation, holds } = setup(5);
    const party = { adults: 1, children: [] };
    const three = quoteRecord({ rooms: [party, party, party] });
    quotes.rows.push(three);
    const outcome = await useCase.execute({ quoteId: three.id }, agentActor());
    expect(holds.rows.at(-1)?.units).toBe(3);
    expect([...nights.nights.values()].map((c) => c.held)).toEqual([3, 3]);
    expect(reservation.audit.at(-1)?.data).toEqual({ nights: ['2099-05-10', '2099-05-11'], units: 3, expires_at: outcome.meta.expires_at });

    // Two rooms left: proven full at the read, before any reservation.
    const spy = jest.spyOn(reservation, 'reserve');
    const refused = await failure(useCase.execute({ quoteId: three.id }, agentActor()));
    expect([refused.code, refused.detail.dates]).toEqual(['allotment_exhausted', ['2099-05-10', '2099-05-11']]);
    expect(spy).not.toHaveBeenCalled();

    // The slow path (the one statement refused): it takes the units as well.
    spy.mockResolvedValue({ ok: false } as HoldReservationResult);
    const two = quoteRecord({ rooms: [party, party] });
    quotes.rows.push(two);
    await useCase.execute({ quoteId: two.id }, agentActor());
    expect([...nights.nights.values()].map((c) => c.held)).toEqual([5, 5]);
    expect(holds.rows.at(-1)?.units).toBe(2);
  });
});
