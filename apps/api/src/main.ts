import 'reflect-metadata';
import { ConfigError, developmentDefaultsWarning, loadConfig } from '@hcs/platform';
import { createApiApp } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfig(process.env, { role: 'api' });
  const warning = developmentDefaultsWarning(process.env);
  if (warning) process.stderr.write(`${warning}\n`);
  const app = await createApiApp(config);
  await app.listen(config.port, '0.0.0.0');
  process.stderr.write(`api listening on ${config.baseUrl} (port ${config.port})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
