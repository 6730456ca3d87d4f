import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CredentialLookup } from '@hcs/auth';
import { closeRedis, connectRedis, isCluster, jobIds, loadConfig, QueueName, RedisClient, RedisNode } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { AuthProbeModule } from '../../support/auth-probe.module';
import { acrossStall } from '../../support/event-loop-stall';
import { createChainAgent, createChainCatalog, daysFromToday } from '../../support/chain-fixtures';
import { createAgent, createTenant, TestAgent, TestTenant } from '../../support/factories';
import { eventually, freePort, runNode } from '../../support/processes';
import { RedisClusterServer } from '../../support/redis-cluster';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Every Redis user of the service on a real Redis Cluster (3 masters, one replica each) started by
 * the test (docs/redis-cluster.md): readiness, queues and their worker, the rate limits, the
 * pre-auth limiter, the credential cache's pub/sub invalidation and the worker heartbeats; and the
 * boot refusal of a seed that does not answer.
 */
describe('every Redis user on a Redis Cluster', () => {
  const cluster = new RedisClusterServer();
  const prefix = `hcs-cluster-${randomUUID().slice(0, 8)}`;
  let env: Record<string, string>;
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  let probe: RedisClient;

  beforeAll(async () => {
    await cluster.start();
    env = {
      REDIS_CLUSTER_NODES: cluster.seeds,
      QUEUE_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '3',
      AUTH_FAILURE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: 'loopback',
      HOLD_TTL_SECONDS: '1',
      HOLD_SWEEP_INTERVAL_SECONDS: '1',
    };
    t = await startTestApp(env, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
    const nodes: RedisNode[] = cluster.nodes.map((n) => ({ host: '127.0.0.1', port: n.port }));
    probe = connectRedis({ nodes }, { offlineQueue: true, commandTimeout: 5000, maxRetriesPerRequest: 3 });
  }, 60_000);
  afterAll(async () => {
    if (probe) closeRedis(probe);
    await t?.close();
    await cluster.stop();
  });

  it('reports the cluster state in /readyz, without naming a host', async () => {
    const res = await t.http().get('/readyz');
    expect(res.body.data.dependencies.redis).toEqual({ state: 'ok', mode: 'cluster', cluster_state: 'ok' });
    for (const node of cluster.nodes) expect(JSON.stringify(res.body)).not.toContain(String(node.port));
  });

  it('limits a credential per minute with counters on the cluster', async () => {
    for (const remaining of ['2', '1', '0']) {
      const res = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(remaining);
    }
    const limited = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    // The counter is a key of the cluster (wherever its slot lives), not of a local fallback.
    expect(Number(await probe.get(`${prefix}:rl:credential:${agent.credentialId}`))).toBe(3);
  });

  it('keeps a reply received while the event loop was stalled past the deadline (docs/operations-faults.md "Redis")', async () => {
    const nodes: RedisNode[] = cluster.nodes.map((n) => ({ host: '127.0.0.1', port: n.port }));
    const client = connectRedis({ nodes }, { offlineQueue: true, commandTimeout: 200, maxRetriesPerRequest: 1 });
    try {
      await expect(acrossStall(client, `${prefix}:stall`, 1000)).resolves.toBe('OK');
    } finally {
      closeRedis(client);
    }
  });

  it('refuses an IP past its failed authentications (pre-auth limiter on the cluster)', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.77' };
    for (let i = 0; i < 2; i++) {
      await t.http().get('/v1/admin/agents').set(from).set('Authorization', `Bearer hcs_adm_${randomUUID()}`).expect(401);
    }
    const limited = await t.http().get('/v1/admin/agents').set(from).set('Authorization', `Bearer ${tenant.adminKey}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.detail).toMatchObject({ scope: 'ip_auth_failures' });
  });

  it('broadcasts credential changes over the cluster and drops cached lookups on a message', async () => {
    const channel = `${prefix}:identity:credentials-changed`;
    const listener = probe.duplicate();
    listener.on('error', () => undefined);
    const messages: string[] = [];
    listener.on('message', (_channel: string, message: string) => messages.push(message));
    try {
      await listener.subscribe(channel);
      // Published by the api: an admin revokes an agent's credential.
      const second = await createAgent(t.app, tenant);
      const agentRow = await t.http().get(`/v1/admin/agents/${second.agentId}`).set('Authorization', `Bearer ${tenant.adminKey}`).expect(200);
      const credentialId = agentRow.body.data.credentials[0].id as string;
      await t.http().delete(`/v1/admin/agents/${second.agentId}/credentials/${credentialId}`).set('Authorization', `Bearer ${tenant.adminKey}`).expect(200);
      const got = await eventually(
        async () => messages,
        (m) => m.length > 0,
        5000,
        50,
      );
      expect(JSON.parse(got[0])).toMatchObject({ tenant_id: tenant.tenantId, principal_id: second.agentId });

      // Received by the api: a message from another process empties its credential cache.
      const invalidate = jest.spyOn(t.app.get(CredentialLookup), 'invalidate');
      await probe.publish(channel, JSON.stringify({ tenant_id: tenant.tenantId, principal_id: 'elsewhere' }));
      const calls = await eventually(
        async () => invalidate.mock.calls.length,
        (n) => n > 0,
        5000,
        50,
      );
      expect(calls).toBeGreaterThan(0);
      invalidate.mockRestore();
    } finally {
      closeRedis(listener);
    }
  });

  describe('with a worker on the cluster', () => {
    let worker: INestApplicationContext;

    beforeAll(async () => {
      worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    }, 30_000);
    afterAll(async () => {
      await worker?.close();
    });

    it('announces the worker (heartbeat) and expires a hold through its delayed job under the {prefix} hash tag', async () => {
      const ready = await eventually(
        () => t.http().get('/readyz'),
        (res) => res.body.data.dependencies.queues.live_workers >= 1,
        10_000,
      );
      expect(ready.body.data.dependencies.queues).toMatchObject({ state: 'ok', live_workers: 1 });

      const chainAgent = await createChainAgent(t.app, tenant.tenantId);
      const catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 1 });
      const q = await t
        .http()
        .post('/v1/quotes')
        .set('authorization', `Bearer ${chainAgent.apiKey}`)
        .send({
          hotel_id: catalog.propertyId,
          room_type_id: catalog.roomTypeId,
          rate_plan_id: catalog.freePlanId,
          stay: { check_in: daysFromToday(40), check_out: daysFromToday(42) },
          guests: { adults: 1 },
        })
        .expect(201);
      const h = await t.http().post('/v1/holds').set('authorization', `Bearer ${chainAgent.apiKey}`).send({ quote_id: q.body.data.quote_id }).expect(201);
      const holdId = h.body.data.hold_id as string;

      const queue = t.app.get<Queue>(getQueueToken(QueueName.HoldExpiry));
      expect(queue.opts.prefix).toBe(`{${prefix}}`);
      const job = await eventually(
        () => queue.getJob(jobIds.holdExpiry(holdId)),
        (j) => j !== undefined,
        5000,
        50,
      );
      expect(job?.data).toMatchObject({ hold_id: holdId });
      // Every key of the queue hashes to the one slot of `{prefix}`.
      const masters = isCluster(probe) ? probe.nodes('master') : [];
      const keys = (await Promise.all(masters.map((m) => m.keys(`{${prefix}}:hold-expiry:*`)))).flat();
      expect(keys.length).toBeGreaterThan(0);
      const slots = new Set(await Promise.all(keys.map((k) => probe.cluster('KEYSLOT', k))));
      expect(slots.size).toBe(1);

      const state = async () => ((await t.app.get(DataSource).query(`SELECT state FROM holds WHERE id = $1`, [holdId])) as Array<{ state: string }>)[0].state;
      expect(await eventually(state, (s) => s === 'expired', 15_000, 100)).toBe('expired');
    }, 40_000);

    it('withdraws the heartbeat when the worker shuts down', async () => {
      await worker.close();
      const res = await eventually(
        () => t.http().get('/readyz'),
        (r) => r.body.data.dependencies.queues.live_workers === 0,
        5000,
      );
      expect(res.body.data.dependencies.queues.state).toBe('degraded');
    });
  });

  // It gives up on its own (a hang would reach the test's timeout); how fast is not judged here.
  it('refuses to boot, naming REDIS_CLUSTER_NODES, when no seed answers', async () => {
    const silent = await freePort();
    const { done } = runNode('dist/apps/api/src/main.js', [], { REDIS_CLUSTER_NODES: `127.0.0.1:${silent}`, PORT: '0' });
    const result = await done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('REDIS_CLUSTER_NODES');
    expect(result.stderr).toContain('no seed answered');
  }, 90_000);

  it('refuses to boot when a seed is a Redis without cluster mode', async () => {
    const { done } = runNode('dist/apps/worker/src/main.js', [], { REDIS_CLUSTER_NODES: '127.0.0.1:6379' });
    const result = await done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('REDIS_CLUSTER_NODES: 127.0.0.1:6379 is a Redis without cluster mode');
  }, 90_000);
});
