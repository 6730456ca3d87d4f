import type { ChildProcess } from 'node:child_process';
import { DataSource } from 'typeorm';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog } from './chain-fixtures';
import { createTenant } from './factories';
import { ApiProcess, startApiProcess } from './processes';
import { OwnRedis, ownRedis } from './redis-server';
import { ownDatabase } from './own-database';
import { startTestApp, TestApp } from './test-app';

/**
 * What the worker-process tests start before their workers: a database and a Redis of their own
 * (so that no other test file's worker expires their holds), the in-process setup app, a tenant's
 * chain agent and catalog, and a built api whose holds live 2 s. The test starts its worker
 * processes with `workerEnv`, pushes them to `workers`, and `stop` kills those left.
 */
export interface HoldExpiryStack {
  setup: TestApp;
  db: DataSource;
  redis: OwnRedis;
  api: ApiProcess;
  agent: ChainAgent;
  catalog: ChainCatalog;
  workers: ChildProcess[];
  /** DATABASE_URL and REDIS_URL of the stack, for the worker processes the test starts. */
  workerEnv: Record<string, string>;
  stop(): Promise<void>;
}

export async function startHoldExpiryStack(defaultInventory: number): Promise<HoldExpiryStack> {
  const database = await ownDatabase('expiry_stack');
  const setup = await startTestApp({ DATABASE_URL: database.url });
  const tenantId = (await createTenant(setup.app)).tenantId;
  const agent = await createChainAgent(setup.app, tenantId);
  const catalog = await createChainCatalog(setup.app, tenantId, { defaultInventory });
  const redis = await ownRedis();
  const api = await startApiProcess({ DATABASE_URL: database.url, REDIS_URL: redis.url, LOG_LEVEL: 'silent', HOLD_TTL_SECONDS: '2' });
  const workers: ChildProcess[] = [];
  return {
    setup,
    db: setup.app.get(DataSource),
    redis,
    api,
    agent,
    catalog,
    workers,
    workerEnv: { DATABASE_URL: database.url, REDIS_URL: redis.url },
    async stop() {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await api.stop();
      await redis.stop();
      await setup.close();
      await database.drop();
    },
  };
}
