import { TENANT } from '../../testing/chain-fixtures';
import { dueHoldsFixture } from '../../testing/due-holds-fixture';
import { fakeContext } from '../../testing/fake-chain-ports';
import { holdView } from '../views';
import { SweepDueHolds } from './sweep-due-holds.use-case';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

describe('SweepDueHolds', () => {
  async function setup() {
    const { holds, nights, audit, outbox, due, quote, take } = dueHoldsFixture();
    return { useCase: new SweepDueHolds(due, audit, outbox, fakeContext()), holds, nights, audit, outbox, due, quote, take };
  }

  it('expires the overdue holds the database chooses, oldest first, gives their rooms back and writes what ExpireHold writes', async () => {
    const { useCase, holds, nights, audit, outbox, due, quote, take } = await setup();
    const newer = await take(100);
    const older = await take(900);
    const live = await take(-5000);
    due.creationTraces.set(older, 'trace-of-older');
    due.creationTraces.set(newer, 'trace-of-newer');
    expect(await useCase.execute(500)).toEqual([older, newer]);
    expect(holds.rows.map((h) => [h.id, h.state])).toEqual([
      [newer, 'expired'],
      [older, 'expired'],
      [live, 'held'],
    ]);
    expect(nights.counter('2099-05-10').held).toBe(1);
    expect(audit.events.map((e) => [e.type, e.holdId, e.quoteId, e.traceId, e.actor, e.data])).toEqual([
      ['hold.expired', older, quote.id, 'trace-of-older', { kind: 'system', id: 'hold-expiry' }, { expires_at: expect.any(String) }],
      ['hold.expired', newer, quote.id, 'trace-of-newer', { kind: 'system', id: 'hold-expiry' }, { expires_at: expect.any(String) }],
    ]);
    const olderHold = holds.rows.find((h) => h.id === older)!;
    expect(outbox.events[0]).toEqual({
      tenantId: TENANT,
      type: 'hold.expired',
      aggregateType: 'hold',
      aggregateId: older,
      traceId: 'trace-of-older',
      payload: holdView({ ...olderHold, state: 'expired' }, quote),
    });
    expect(outbox.events.map((e) => e.aggregateId)).toEqual([older, newer]);
  });

  it('takes at most the limit and leaves the rest to the next batch', async () => {
    const { useCase, take } = await setup();
    const ids = [await take(300), await take(200), await take(100)];
    expect(await useCase.execute(2)).toEqual([ids[0], ids[1]]);
    expect(await useCase.execute(2)).toEqual([ids[2]]);
    expect(await useCase.execute(2)).toEqual([]);
  });

  it('skips a hold another transaction has locked (a booking in progress) and uses its own trace when the creation trace is unknown', async () => {
    const { useCase, holds, audit, due, take } = await setup();
    const booking = await take(500);
    const other = await take(400);
    due.locked.add(booking);
    expect(await useCase.execute(500)).toEqual([other]);
    expect(holds.rows.find((h) => h.id === booking)!.state).toBe('held');
    expect(audit.events.map((e) => [e.holdId, e.traceId])).toEqual([[other, fakeContext().traceId]]);
  });

  it('never expires a hold twice: a hold already expired or converted is not chosen again', async () => {
    const { useCase, holds, audit, outbox, take } = await setup();
    const converted = await take(500);
    holds.rows.find((h) => h.id === converted)!.state = 'converted';
    const due = await take(400);
    expect(await useCase.execute(500)).toEqual([due]);
    expect(await useCase.execute(500)).toEqual([]);
    expect(audit.events.map((e) => e.holdId)).toEqual([due]);
    expect(outbox.events.map((e) => e.aggregateId)).toEqual([due]);
  });
});
