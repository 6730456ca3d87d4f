import { TENANT } from '../../testing/chain-fixtures';
import { dueHoldsFixture } from '../../testing/due-holds-fixture';
import { ExpireDueHolds } from './expire-due-holds.use-case';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

describe('ExpireDueHolds', () => {
  async function setup() {
    const { holds, nights, audit, outbox, due, take: takeOverdue } = dueHoldsFixture();
    /** Due (just past its TTL) or not (a minute left). */
    const take = (expired: boolean) => takeOverdue(expired ? 0 : -60_000);
    return { useCase: new ExpireDueHolds(due, audit, outbox), holds, nights, audit, outbox, due, take };
  }

  it('expires the due holds of the batch, gives their rooms back and writes each its audit entry and event with its own trace', async () => {
    const { useCase, holds, nights, audit, outbox, take } = await setup();
    const a = await take(true);
    const b = await take(true);
    const notDue = await take(false);
    const expired = await useCase.execute([
      { tenantId: TENANT, holdId: a, traceId: 'trace-a' },
      { tenantId: TENANT, holdId: b, traceId: 'trace-b' },
      { tenantId: TENANT, holdId: notDue, traceId: 'trace-c' },
    ]);
    expect(expired).toEqual(
      new Map([
        [a, 'expired'],
        [b, 'expired'],
      ]),
    );
    expect(holds.rows.map((h) => [h.id, h.state])).toEqual([
      [a, 'expired'],
      [b, 'expired'],
      [notDue, 'held'],
    ]);
    expect(nights.counter('2099-05-10').held).toBe(1);
    expect(audit.events.map((e) => [e.type, e.holdId, e.traceId, e.actor])).toEqual([
      ['hold.expired', a, 'trace-a', { kind: 'system', id: 'hold-expiry' }],
      ['hold.expired', b, 'trace-b', { kind: 'system', id: 'hold-expiry' }],
    ]);
    expect(outbox.events.map((e) => [e.type, e.aggregateId, e.traceId, e.payload.state])).toEqual([
      ['hold.expired', a, 'trace-a', 'expired'],
      ['hold.expired', b, 'trace-b', 'expired'],
    ]);
  });

  it('leaves a hold locked elsewhere and writes nothing when none is expired', async () => {
    const { useCase, audit, outbox, due, take } = await setup();
    const a = await take(true);
    due.locked.add(a);
    await expect(useCase.execute([{ tenantId: TENANT, holdId: a, traceId: 't' }])).resolves.toEqual(new Map());
    expect(audit.events).toEqual([]);
    expect(outbox.events).toEqual([]);
  });

  it('reports the holds the sweep already expired as not held, so their jobs end without the per-hold path', async () => {
    const { useCase, holds, audit, outbox, take } = await setup();
    const swept = await take(true);
    const due = await take(true);
    holds.rows.find((r) => r.id === swept)!.state = 'expired';
    const outcomes = await useCase.execute([
      { tenantId: TENANT, holdId: swept, traceId: 'trace-swept' },
      { tenantId: TENANT, holdId: due, traceId: 'trace-due' },
      { tenantId: TENANT, holdId: '00000000-0000-4000-8000-000000000000', traceId: 'trace-gone' },
    ]);
    expect(outcomes).toEqual(
      new Map([
        [due, 'expired'],
        [swept, 'not_held'],
        ['00000000-0000-4000-8000-000000000000', 'not_held'],
      ]),
    );
    expect(audit.events.map((e) => e.holdId)).toEqual([due]);
    expect(outbox.events.map((e) => e.aggregateId)).toEqual([due]);
  });
});
