import 'reflect-metadata';
import { armStopDeadline, ConfigError, developmentDefaultsWarning, loadConfig, RedisConnections } from '@hcs/platform';
import { createWorkerApp } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfig(process.env, { role: 'worker' });
  const warning = developmentDefaultsWarning(process.env);
  if (warning) process.stderr.write(`${warning}\n`);
  const app = await createWorkerApp(config);
  // Nest closes the app on SIGTERM; this bounds how long that may take (docs/operations-faults.md).
  armStopDeadline('worker');
  const redis = app.get(RedisConnections);
  process.stderr.write(`worker started (queues on ${redis.describe()}, prefix ${redis.queuePrefix})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
