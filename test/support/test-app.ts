import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { AppConfig, loadConfig } from '@hcs/platform';
import { createApiApp } from '../../apps/api/src/bootstrap';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** A supertest client for the running app. */
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * The real api (same bootstrap as production) on the test database and Redis. `env` overrides
 * configuration (short TTLs, closed ports); `imports` mounts probe modules.
 */
export async function startTestApp(env: Record<string, string> = {}, imports: Array<Type | DynamicModule | ForwardReference> = []): Promise<TestApp> {
  const config = loadConfig({ ...process.env, ...env });
  const app = await createApiApp(config, { imports });
  return { app, config, http: () => request(app.getHttpServer()), close: () => app.close() };
}
