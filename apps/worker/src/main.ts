import 'reflect-metadata';
import { ConfigError, developmentDefaultsWarning, loadConfig } from '@hcs/platform';
import { createWorkerApp } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfig(process.env, { role: 'worker' });
  const warning = developmentDefaultsWarning(process.env);
  if (warning) process.stderr.write(`${warning}\n`);
  await createWorkerApp(config);
  process.stderr.write(`worker started (queues on ${new URL(config.redisUrl).host}, prefix ${config.queuePrefix})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
