import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { jobIds, loadConfig, QueueName } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  GUEST,
  inventoryOf,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

describe('hold expiry in the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let tenantId: string;
  const env = { HOLD_TTL_SECONDS: '2', HOLD_SWEEP_INTERVAL_SECONDS: '1' };

  beforeAll(async () => {
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 1 });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  async function hold(start: number) {
    const q = await t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + 2) },
        guests: { adults: 1 },
      });
    const h = await t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
    expect(h.status).toBe(201);
    return { holdId: h.body.data.hold_id as string, expiresAt: Date.parse(h.body.data.expires_at), quoteId: q.body.data.quote_id as string };
  }

  const stateOf = async (holdId: string) =>
    ((await t.app.get(DataSource).query(`SELECT state FROM holds WHERE id = $1`, [holdId])) as Array<{ state: string }>)[0].state;

  it('expires a hold within 2 s of expires_at by its delayed job and gives its rooms back', async () => {
    const { holdId, expiresAt, quoteId } = await hold(40);
    // The hold answers without waiting on the enqueue (docs/operations-faults.md): the job follows shortly.
    const job = await eventually(
      () => t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry)).getJob(jobIds.holdExpiry(holdId)),
      (j) => j !== undefined,
      2000,
      20,
    );
    expect(job?.data).toEqual({ tenant_id: expect.any(String), hold_id: holdId, trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(
      (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(40) && r.night < daysFromToday(42)).map((r) => r.held),
    ).toEqual([1, 1]);
    const state = await eventually(
      () => stateOf(holdId),
      (s) => s === 'expired',
      6000,
      50,
    );
    expect(state).toBe('expired');
    expect(Date.now() - expiresAt).toBeLessThan(2000);
    expect(
      (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(40) && r.night < daysFromToday(42)).map((r) => r.held),
    ).toEqual([0, 0]);
    const outbox = await t.app.get(DataSource).query(`SELECT type FROM outbox_events WHERE aggregate_id = $1`, [holdId]);
    expect(outbox).toEqual([{ type: 'hold.expired' }]);
    const audit = await t.app.get(DataSource).query(`SELECT type, actor_kind FROM audit_events WHERE quote_id = $1 ORDER BY id`, [quoteId]);
    expect(audit).toEqual([
      { type: 'quote.created', actor_kind: 'agent' },
      { type: 'hold.created', actor_kind: 'agent' },
      { type: 'hold.expired', actor_kind: 'system' },
    ]);
    // the room can be held again
    await hold(40);
  });

  it('catches a hold whose job was lost with the backstop sweep', async () => {
    const { holdId } = await hold(45);
    const queue = t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry));
    const expiryJob = () => queue.getJob(jobIds.holdExpiry(holdId));
    const job = await eventually(expiryJob, (j) => j !== undefined, 2000, 20);
    expect(job).toBeDefined();
    await job!.remove();
    expect(await queue.getJob(jobIds.holdExpiry(holdId))).toBeUndefined();
    const state = await eventually(
      () => stateOf(holdId),
      (s) => s === 'expired',
      8000,
      100,
    );
    expect(state).toBe('expired');
    expect(
      (await inventoryOf(t.app, catalog.roomTypeId)).filter((r) => r.night >= daysFromToday(45) && r.night < daysFromToday(47)).map((r) => r.held),
    ).toEqual([0, 0]);
  });

  it("removes a booked hold's expiry job, which has nothing left to do", async () => {
    const { holdId, quoteId } = await hold(50);
    const queue = t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry));
    const expiryJob = () => queue.getJob(jobIds.holdExpiry(holdId));
    const job = await eventually(expiryJob, (j) => j !== undefined, 2000, 20);
    expect(await job?.getState()).toBe('delayed');
    const booked = await t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `book-${holdId}`)
      .set(DELEGATION_HEADER, await travelerDelegation(t.app, tenantId, 'traveler-expiry-job'))
      .send({ hold_id: holdId, quote_id: quoteId, guest: GUEST, payment: CARD() });
    expect(booked.status).toBe(201);
    // Removed after the commit, without holding the answer.
    const left = await eventually(expiryJob, (j) => j === undefined, 2000, 20);
    expect(left).toBeUndefined();
    expect(await stateOf(holdId)).toBe('converted');
  });
});
