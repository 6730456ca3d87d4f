import type { ChildProcess } from 'node:child_process';
import { DataSource } from 'typeorm';
import { ChargeDuePayments } from '@hcs/domain';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  GUEST,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { createTenant } from '../../support/factories';
import { ownDatabase } from '../../support/own-database';
import { eventually, runNode } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Balances charged exactly once (docs/payments.md "Balances and fees the worker charges"): two built
 * worker processes and three in-process sweeps run over the same due balances at once (whichever
 * claims an entry charges it) and each is charged once;
 * a worker killed right after the provider charged (FAULT_EXIT_AFTER_CHARGE) leaves its claim,
 * which, once lapsed, is taken over under the same attempt number: the provider answers the same
 * key with the same charge, so the balance is charged once.
 */
describe('balance charges with workers racing and dying', () => {
  let setup: TestApp;
  let db: DataSource;
  let redis: OwnRedis;
  let drop: () => Promise<void>;
  let workerEnv: Record<string, string>;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    const database = await ownDatabase('balance_charge');
    drop = () => database.drop();
    setup = await startTestApp({ DATABASE_URL: database.url });
    db = setup.app.get(DataSource);
    const tenantId = (await createTenant(setup.app)).tenantId;
    agent = await createChainAgent(setup.app, tenantId);
    catalog = await createChainCatalog(setup.app, tenantId, { defaultInventory: 20 });
    traveler = await travelerDelegation(setup.app, tenantId, 'balance-fault');
    await db.query(`UPDATE rate_plans SET payment_terms = '{"kind": "deposit", "deposit_pct": 25, "balance_due_days": 10}' WHERE id = $1`, [
      catalog.freePlanId,
    ]);
    redis = await ownRedis();
    workerEnv = { DATABASE_URL: database.url, REDIS_URL: redis.url, LOG_LEVEL: 'silent', HOLD_SWEEP_INTERVAL_SECONDS: '1' };
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await redis?.stop();
    await setup?.close();
    await drop?.();
  });

  const startWorker = (env: Record<string, string> = {}) => {
    const { child } = runNode('dist/apps/worker/src/main.js', [], { ...workerEnv, ...env });
    workers.push(child);
    return child;
  };
  const exited = (child: ChildProcess) =>
    new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.on('exit', resolve)));

  /** A deposit booking (over the in-process api) whose balance is due now; its balance entry's id. */
  async function dueBalance(start: number): Promise<string> {
    const held = await quoteAndHold(setup, agent, catalog, { start });
    const b = await setup
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `balance-${held.holdId}`)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD('tok_visa') });
    expect(b.status).toBe(201);
    const [entry] = await db.query(`SELECT id FROM payment_schedule WHERE booking_id = $1 AND kind = 'balance'`, [b.body.data.booking_id]);
    await db.query(`UPDATE payment_schedule SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [entry.id]);
    return entry.id as string;
  }
  const chargesOf = async (entryId: string) =>
    (await db.query(`SELECT idempotency_key, state FROM sandbox_charges WHERE idempotency_key LIKE $1 ORDER BY idempotency_key`, [
      `sched_${entryId}_%`,
    ])) as Array<{
      idempotency_key: string;
      state: string;
    }>;
  const states = async (entryIds: string[]) =>
    (await db.query(`SELECT state FROM payment_schedule WHERE id = ANY($1)`, [entryIds])).map((r: { state: string }) => r.state) as string[];

  it('two worker processes and in-process sweeps never charge one balance twice', async () => {
    const entries: string[] = [];
    for (let i = 0; i < 6; i += 1) entries.push(await dueBalance(40 + i * 2));
    startWorker();
    startWorker();
    const sweeps = setup.app.get(ChargeDuePayments);
    await Promise.all([sweeps.sweep(), sweeps.sweep(), sweeps.sweep()]);
    const done = await eventually(
      () => states(entries),
      (s) => s.length === entries.length && s.every((x) => x === 'captured'),
      30_000,
      100,
    );
    expect(done).toEqual(entries.map(() => 'captured'));
    for (const id of entries) expect(await chargesOf(id)).toEqual([{ idempotency_key: `sched_${id}_1`, state: 'succeeded' }]);
    const audit = await db.query(
      `SELECT booking_id, count(*)::int AS n FROM audit_events WHERE type = 'payment.balance_captured' AND booking_id IN (SELECT booking_id FROM payment_schedule WHERE id = ANY($1)) GROUP BY booking_id`,
      [entries],
    );
    expect(audit).toHaveLength(entries.length);
    expect(audit.every((r: { n: number }) => r.n === 1)).toBe(true);
    for (const w of workers.splice(0)) {
      w.kill('SIGKILL');
      await exited(w);
    }
  }, 90_000);

  it('a worker killed after the provider charged leaves a claim the next worker settles under the same key, charging once', async () => {
    const entry = await dueBalance(60);
    const doomed = startWorker({ FAULT_EXIT_AFTER_CHARGE: 'true', NODE_ENV: 'test' });
    await exited(doomed);
    expect(doomed.signalCode).toBe('SIGKILL');
    expect(await chargesOf(entry)).toEqual([{ idempotency_key: `sched_${entry}_1`, state: 'succeeded' }]);
    const [claimed] = await db.query(`SELECT state, attempt, claimed_until IS NOT NULL AS claimed FROM payment_schedule WHERE id = $1`, [entry]);
    expect(claimed).toEqual({ state: 'scheduled', attempt: 1, claimed: true });

    // The claim's lease runs out (moved into the past here rather than waited for); a healthy worker takes it over.
    await db.query(`UPDATE payment_schedule SET claimed_until = now() - interval '1 second' WHERE id = $1`, [entry]);
    startWorker();
    const [state] = await eventually(
      () => states([entry]),
      (s) => s[0] === 'captured',
      30_000,
      100,
    );
    expect(state).toBe('captured');
    expect(await chargesOf(entry)).toEqual([{ idempotency_key: `sched_${entry}_1`, state: 'succeeded' }]);
    const [payment] = await db.query(
      `SELECT p.amount::int AS amount, p.state, (b.price_breakdown -> 'payable_online' ->> 'amount')::int AS payable
         FROM payments p JOIN bookings b ON b.id = p.booking_id JOIN payment_schedule s ON s.payment_id = p.id WHERE s.id = $1`,
      [entry],
    );
    expect(payment).toEqual({ amount: payment.payable, state: 'captured', payable: payment.payable });
  }, 90_000);
});
