import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import type { Abstract, Type } from '@nestjs/common';
import { PersistenceModule } from '@hcs/persistence';
import { ConfigModule, loadConfig, RequestContextModule } from '@hcs/platform';

export interface PersistenceTier {
  module: TestingModule;
  /** The port bound to its database implementation, exactly as the api and worker bind it. */
  get<T>(token: Type<T> | Abstract<T>): T;
  /** Reads the test database directly, to check what a repository wrote. */
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/**
 * The persistence tier's module (docs/architecture.md "Tests"): config, the async context and
 * `PersistenceModule` on the test database, nothing else. No HTTP, no Redis, no queues: every
 * port is the real repository or SQL adapter, called as a use case calls it (`poolSize` connections,
 * 2 unless a concurrency spec asks for more). `databaseUrl` puts it on another database (test/support/own-database.ts) than the shared one (DATABASE_URL).
 */
export async function startPersistenceTier(opts: { databaseUrl?: string; poolSize?: number; env?: Record<string, string> } = {}): Promise<PersistenceTier> {
  const env = { ...process.env, ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}), ...opts.env };
  const config = loadConfig({ ...env, DATABASE_POOL_SIZE: String(opts.poolSize ?? 2) });
  const module = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), RequestContextModule, PersistenceModule.forRoot()],
  }).compile();
  await module.init();
  const dataSource = module.get(DataSource);
  return {
    module,
    get: (token) => module.get(token),
    query: <R>(text: string, params: unknown[] = []) => dataSource.query<R[]>(text, params),
    close: () => module.close(),
  };
}
