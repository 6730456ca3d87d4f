import { Command } from 'commander';
import { createDataSource, ensureDatabase, runMigrations } from '@hcs/persistence';
import { loadConfig } from '@hcs/platform';
import { output } from '../cli-context';

/**
 * Migrations hold a session's advisory lock and run DDL: they reach Postgres around any pooler
 * (DATABASE_DIRECT_URL, else DATABASE_URL; docs/scaling.md "Through a connection pooler").
 */
export async function migrate(): Promise<{ database_created: boolean; applied: string[] }> {
  const config = loadConfig(process.env, { role: 'cli' });
  const created = await ensureDatabase(config.databaseDirectUrl);
  const dataSource = createDataSource({ databaseUrl: config.databaseDirectUrl, databasePoolSize: 2 });
  await dataSource.initialize();
  try {
    return { database_created: created, applied: await runMigrations(dataSource) };
  } finally {
    await dataSource.destroy();
  }
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('create the database if missing and apply pending migrations')
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      const result = await migrate();
      output(options.json, result, result.applied.length ? `applied: ${result.applied.join(', ')}` : 'schema is up to date');
    });
}
