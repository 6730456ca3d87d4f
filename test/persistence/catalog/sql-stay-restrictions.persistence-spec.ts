import { randomUUID } from 'node:crypto';
import { Client, type Notification } from 'pg';
import { CATALOG_CHANNEL } from '@hcs/persistence';
import { AppConfig } from '@hcs/platform';
import { NO_RESTRICTIONS, StayRestrictionRepository, type StayRestrictionChange } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

interface RunRow {
  from_date: string;
  to_date: string;
  min_stay_arrival: number | null;
  stop_sell: boolean | null;
  closed_to_arrival: boolean | null;
}

describe('SqlStayRestrictionRepository (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let repo: StayRestrictionRepository;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    repo = tier.get(StayRestrictionRepository);
  });
  afterAll(() => tier.close());

  const fresh = () => seedChain(tier);
  const put = (c: SeededChain, change: Partial<StayRestrictionChange> & Pick<StayRestrictionChange, 'values'>) =>
    repo.setRestrictions(c.tenantId, c.ratePlan.id, { range: { from: '2099-01-01', to: '2099-12-31' }, daysOfWeek: null, ...change });
  const runs = (c: SeededChain) =>
    tier.query<RunRow>(
      `SELECT from_date::text, to_date::text, min_stay_arrival, stop_sell, closed_to_arrival FROM stay_restrictions
        WHERE tenant_id = $1 AND rate_plan_id = $2 ORDER BY from_date`,
      [c.tenantId, c.ratePlan.id],
    );
  const stamp = async (c: SeededChain) =>
    (await tier.query<{ at: string }>(`SELECT updated_at::text AS at FROM rate_plans WHERE tenant_id = $1 AND id = $2`, [c.tenantId, c.ratePlan.id]))[0].at;

  it('stores a year of one value as one run and answers every date of the range', async () => {
    const c = await fresh();
    const items = await put(c, { values: { min_stay_arrival: 2 } });

    expect(items).toHaveLength(365);
    expect(items![0]).toEqual({ ...NO_RESTRICTIONS, date: '2099-01-01', min_stay_arrival: 2 });
    expect(items![364].date).toBe('2099-12-31');
    expect(await runs(c)).toEqual([{ from_date: '2099-01-01', to_date: '2099-12-31', min_stay_arrival: 2, stop_sell: null, closed_to_arrival: null }]);
  });

  it('stores fridays and saturdays over a year as one run per weekend, not a row per date', async () => {
    const c = await fresh();
    const items = await put(c, { daysOfWeek: ['fri', 'sat'], values: { min_stay_arrival: 2 } });

    const stored = await runs(c);
    // 2099-01-01 is a Thursday: 52 weekends, each one run of Friday and Saturday.
    expect(stored.length).toBe(52);
    expect(stored[0]).toMatchObject({ from_date: '2099-01-02', to_date: '2099-01-03' });
    expect(items!.filter((i) => i.min_stay_arrival === 2)).toHaveLength(104);
    expect(items!.find((i) => i.date === '2099-01-04')!.min_stay_arrival).toBeNull();
  });

  it('changes only the fields sent, clears with null, and merges equal neighbours back into one run', async () => {
    const c = await fresh();
    await put(c, { values: { min_stay_arrival: 2, stop_sell: true } });
    // a hole in the middle: stop_sell cleared for a week, min stay kept
    const week = await put(c, { range: { from: '2099-03-01', to: '2099-03-07' }, values: { stop_sell: null } });
    expect(week!.every((i) => i.min_stay_arrival === 2 && i.stop_sell === null)).toBe(true);
    expect(await runs(c)).toEqual([
      { from_date: '2099-01-01', to_date: '2099-02-28', min_stay_arrival: 2, stop_sell: true, closed_to_arrival: null },
      { from_date: '2099-03-01', to_date: '2099-03-07', min_stay_arrival: 2, stop_sell: null, closed_to_arrival: null },
      { from_date: '2099-03-08', to_date: '2099-12-31', min_stay_arrival: 2, stop_sell: true, closed_to_arrival: null },
    ]);
    // putting it back joins the three runs again; false is no restriction, like null
    await put(c, { range: { from: '2099-03-01', to: '2099-03-07' }, values: { stop_sell: true, closed_to_arrival: false } });
    expect(await runs(c)).toEqual([{ from_date: '2099-01-01', to_date: '2099-12-31', min_stay_arrival: 2, stop_sell: true, closed_to_arrival: null }]);
    // clearing every field leaves no row at all
    await put(c, { values: { min_stay_arrival: null, stop_sell: null } });
    expect(await runs(c)).toEqual([]);
  });

  it('reads every date with every field, null where unset, and answers null for another tenant', async () => {
    const c = await fresh();
    await put(c, { range: { from: '2099-06-10', to: '2099-06-10' }, values: { closed_to_arrival: true, max_advance_days: 30 } });

    const items = await repo.listRestrictions(c.tenantId, c.ratePlan.id, { from: '2099-06-09', to: '2099-06-11' });
    expect(items).toEqual([
      { ...NO_RESTRICTIONS, date: '2099-06-09' },
      { ...NO_RESTRICTIONS, date: '2099-06-10', closed_to_arrival: true, max_advance_days: 30 },
      { ...NO_RESTRICTIONS, date: '2099-06-11' },
    ]);
    await expect(repo.listRestrictions(randomUUID(), c.ratePlan.id, { from: '2099-06-09', to: '2099-06-11' })).resolves.toBeNull();
    await expect(
      repo.setRestrictions(randomUUID(), c.ratePlan.id, { range: { from: '2099-06-09', to: '2099-06-11' }, daysOfWeek: null, values: { stop_sell: true } }),
    ).resolves.toBeNull();
    expect(await runs(c)).toHaveLength(1);
  });

  it('stamps the rate plan when runs change (the ARI validators) and not when nothing changes', async () => {
    const c = await fresh();
    const before = await stamp(c);
    await put(c, { values: { stop_sell: null } });
    expect(await stamp(c)).toBe(before);
    await put(c, { range: { from: '2099-02-01', to: '2099-02-01' }, values: { stop_sell: true } });
    expect(await stamp(c)).not.toBe(before);
  });

  it('notifies the catalog channel with its tenant on a change, so every process drops its kept quote sources and property reads', async () => {
    const c = await fresh();
    const client = new Client({ connectionString: tier.get(AppConfig).databaseUrl });
    await client.connect();
    const heard: string[] = [];
    client.on('notification', (n: Notification) => heard.push(n.payload ?? ''));
    try {
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      await put(c, { daysOfWeek: ['sat'], values: { stop_sell: true } });
      for (let i = 0; i < 250 && !heard.includes(c.tenantId); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard.filter((t) => t === c.tenantId).length).toBeGreaterThanOrEqual(1);
    } finally {
      await client.end();
    }
  });

  it('keeps runs whole when concurrent changes of one plan race: each lands on the other', async () => {
    const c = await fresh();
    const changes: StayRestrictionChange[] = Array.from({ length: 8 }, (_, i) => ({
      range: { from: '2099-01-01', to: '2099-12-31' },
      daysOfWeek: [(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const)[i % 7]],
      values: i % 2 === 0 ? { min_stay_arrival: 3 } : { stop_sell: true },
    }));
    await Promise.all(changes.map((change) => repo.setRestrictions(c.tenantId, c.ratePlan.id, change)));

    const items = (await repo.listRestrictions(c.tenantId, c.ratePlan.id, { from: '2099-01-01', to: '2099-12-31' }))!;
    const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
    // i = 0 (mon), 2 (wed), 4 (fri), 6 (sun) set min_stay_arrival; 1 (tue), 3 (thu), 5 (sat), 7 (mon) set stop_sell
    for (const item of items) {
      const d = weekday(item.date);
      expect([item.date, item.min_stay_arrival]).toEqual([item.date, [1, 3, 5, 0].includes(d) ? 3 : null]);
      expect([item.date, item.stop_sell]).toEqual([item.date, [2, 4, 6, 1].includes(d) ? true : null]);
    }
    const stored = await runs(c);
    for (let i = 1; i < stored.length; i++) expect(stored[i].from_date > stored[i - 1].to_date).toBe(true);
  });
});
