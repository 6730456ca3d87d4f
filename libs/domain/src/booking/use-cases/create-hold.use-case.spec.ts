import type { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { agentActor, quoteRecord } from '../../testing/chain-fixtures';
import { FakeAudit, FakeNights, FakeOutbox, fakeContext } from '../../testing/fake-chain-ports';
import { FakeHoldExpiryScheduler, FakeHoldReservation, FakeHolds, FakeQuotes } from '../../testing/fake-hold-ports';
import type { HoldReservationResult } from '../ports/hold-reservation';
import { fakeSandbox } from '../../testing/fake-sandbox';
import { CreateHold } from './create-hold.use-case';
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
  const useCase = new CreateHold(quotes, reservation, holds, nights, audit, scheduler, expiry, config, context, fakeSandbox());
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
    expect(error.detail).toMatchObject({ dates: ['2099-05-10'] });
    expect(error.nextActions?.map((a) => a.rel)).toEqual(['search']);
    expect(holds.rows).toHaveLength(0);
    expect([...nights.nights.values()].every((c) => c.held === 0)).toBe(true);
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
});
