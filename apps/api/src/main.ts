import 'reflect-metadata';
import cluster from 'node:cluster';
import { armStopDeadline, ConfigError, developmentDefaultsWarning, loadConfig } from '@hcs/platform';
import { createApiApp } from './bootstrap';
import { apiProcessCount, runApiPrimary } from './cluster/api-processes';

async function main(): Promise<void> {
  const config = loadConfig(process.env, { role: 'api' });
  const warning = developmentDefaultsWarning(process.env);
  if (warning && !cluster.isWorker) process.stderr.write(`${warning}\n`);
  // API_WORKERS > 1: this process only supervises; its forks serve the port (docs/scaling.md).
  const processes = apiProcessCount(config.apiWorkers);
  if (processes > 1 && cluster.isPrimary) {
    runApiPrimary(processes);
    return;
  }
  const app = await createApiApp(config);
  // Nest closes the app on SIGTERM; this bounds how long that may take (docs/operations-faults.md).
  armStopDeadline('api');
  await app.listen(config.port, '0.0.0.0');
  process.stderr.write(`api listening on ${config.baseUrl} (port ${config.port}${cluster.isWorker ? `, process ${process.pid}` : ''})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
