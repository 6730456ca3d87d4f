import type { INestApplicationContext } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
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
import { agentFollowUps, outboxOf } from '../../support/follow-up-fixtures';
import { eventually, freePort } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/** Scheduling never waits for Redis: the rows commit, and the worker's sweep sends them later. */
describe('guest follow-ups with Redis down', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let redis: ChildProcess | undefined;
  let port: number;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let TRAVELER = '';
  let env: Record<string, string>;

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await eventually(
      () => t.http().get('/readyz'),
      (res) => res.body.data.dependencies.redis.state === 'ok',
      10000,
      100,
    );
  };

  beforeAll(async () => {
    port = await freePort();
    env = { REDIS_URL: `redis://127.0.0.1:${port}`, FOLLOW_UP_SWEEP_INTERVAL_SECONDS: '1' };
    t = await startTestApp(env);
    await startRedis();
    const tenantId = (await createTenant(t.app)).tenantId;
    TRAVELER = await travelerDelegation(t.app, tenantId, 'traveler-redis-down');
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
  });
  afterAll(async () => {
    await worker?.close();
    redis?.kill('SIGKILL');
    await t.close();
  });

  it('confirms and schedules at once while Redis is down; the worker sends the due one after Redis is back, once', async () => {
    const held = await quoteAndHold(t, agent, catalog, { start: 30, adults: 1 });
    redis!.kill('SIGKILL');
    await eventually(
      () => t.http().get('/readyz'),
      (res) => res.status === 503,
      10000,
      100,
    );

    let started = Date.now();
    const booked = await t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `book-${held.holdId}`)
      .set(DELEGATION_HEADER, TRAVELER)
      .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD() });
    expect(booked.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(3000);
    const bookingId = booked.body.data.booking_id as string;

    started = Date.now();
    // Due shortly (not at once): other specs' workers sweep the same database.
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, {
      kind: 'custom',
      message: 'Welcome drink on arrival.',
      send_at: new Date(Date.now() + 3000).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(3000);
    const id = created.body.data.id as string;
    const listed = await agentFollowUps(t, agent, TRAVELER).list(bookingId);
    expect(listed.body.data.items.map((i: { kind: string; state: string }) => [i.kind, i.state])).toEqual([
      ['pre_arrival', 'scheduled'],
      ['post_stay', 'scheduled'],
      ['custom', 'scheduled'],
    ]);

    await startRedis();
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    const items = await eventually(
      async () => (await agentFollowUps(t, agent, TRAVELER).list(bookingId)).body.data.items as Array<{ id: string; state: string }>,
      (i) => i.find((f) => f.id === id)?.state === 'sent',
      15000,
      200,
    );
    expect(items.map((i) => i.state)).toEqual(['scheduled', 'scheduled', 'sent']);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await outboxOf(t.app, id)).map((e) => e.type)).toEqual(['follow_up.sent']);
  });
});
