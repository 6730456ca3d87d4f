import type { ChildProcess } from 'node:child_process';
import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import { bookStay, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, travelerDelegation } from '../../support/chain-fixtures';
import { agentFollowUps, followUpAudit, outboxOf } from '../../support/follow-up-fixtures';
import { distEntry, eventually, Finished, runNode } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/** Built worker processes (`npm run build` first), killed for real. */
describe('guest follow-ups survive a killed worker and run once with two workers', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let TRAVELER = '';
  const workers: Array<{ child: ChildProcess; done: Promise<Finished> }> = [];
  // Own queue prefix: the heartbeat a SIGKILLed worker leaves behind must not count as a live
  // worker for the readiness checks of other specs run by this jest process.
  const env = { FOLLOW_UP_SWEEP_INTERVAL_SECONDS: '1', QUEUE_PREFIX: `hcs-test-crash-${process.pid}` };

  const startWorker = () => {
    distEntry('worker');
    const w = runNode('dist/apps/worker/src/main.js', [], env);
    workers.push(w);
    return w;
  };
  const row = async (id: string) =>
    ((await t.app.get(DataSource).query(`SELECT state, attempts FROM follow_ups WHERE id = $1`, [id])) as Array<{ state: string; attempts: number }>)[0];

  beforeAll(async () => {
    t = await startTestApp(env);
    const tenantId = (await createTenant(t.app)).tenantId;
    TRAVELER = await travelerDelegation(t.app, tenantId, 'traveler-crash');
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.done));
    await t.close();
  });

  it('the worker is killed before a follow-up falls due: after restart (two workers) it is sent once, not twice', async () => {
    const first = startWorker();
    const live = await eventually(
      () => t.http().get('/readyz'),
      (res) => res.body.data.dependencies.queues.live_workers >= 1,
      60000,
    );
    expect(live.body.data.dependencies.queues.live_workers).toBeGreaterThanOrEqual(1);

    const { bookingId } = await bookStay(t, agent, catalog, TRAVELER, { start: 30, adults: 1 });
    // Far enough ahead that the kill surely comes first, even on a loaded machine.
    const sendAt = new Date(Date.now() + 6000).toISOString();
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { kind: 'custom', message: 'Your room is ready early.', send_at: sendAt });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;

    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    // Due, with this spec's worker dead. (Not asserted "still scheduled": in the whole suite other
    // specs' sandbox workers sweep the same database and may legitimately send it first.)
    await new Promise((r) => setTimeout(r, Date.parse(sendAt) - Date.now() + 1500));

    // Two workers come back: the delayed job and both sweeps race for it.
    startWorker();
    startWorker();
    const sent = await eventually(
      () => row(id),
      (r) => r.state === 'sent',
      60000,
      100,
    );
    expect(sent.state).toBe('sent');
    // Several sweeps of both workers later, still exactly one delivery.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await row(id)).toEqual({ state: 'sent', attempts: 1 });
    expect((await outboxOf(t.app, id)).map((e) => e.type)).toEqual(['follow_up.sent']);
    expect(await followUpAudit(t.app, id)).toEqual([
      { type: 'follow_up.scheduled', actor_kind: 'agent' },
      { type: 'follow_up.sent', actor_kind: 'system' },
    ]);
  }, 150_000);

  it('a follow-up left claimed by a worker that died mid-attempt is sent once its lease lapses', async () => {
    const { bookingId } = await bookStay(t, agent, catalog, TRAVELER, { start: 32, adults: 1 });
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, {
      kind: 'custom',
      message: 'Breakfast is served from 7:00.',
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const id = created.body.data.id as string;
    // What a worker killed between its claim and the delivery leaves behind: a live lease.
    await t.app.get(DataSource).query(`UPDATE follow_ups SET send_at = now(), claimed_until = now() + interval '2 seconds', attempts = 1 WHERE id = $1`, [id]);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await row(id)).toEqual({ state: 'scheduled', attempts: 1 });
    const sent = await eventually(
      () => row(id),
      (r) => r.state === 'sent',
      30000,
      100,
    );
    expect(sent).toEqual({ state: 'sent', attempts: 2 });
    expect((await outboxOf(t.app, id)).map((e) => e.type)).toEqual(['follow_up.sent']);
  }, 60_000);
});
