import { Command } from 'commander';
import { createDataSource, ensureDatabase, runMigrations } from '@hcs/persistence';
import { loadConfig } from '@hcs/platform';
import { output } from '../cli-context';

export async function migrate(): Promise<{ database_created: boolean; applied: string[] }> {
  const config = loadConfig(process.env, { role: 'cli' });
  const created = await ensureDatabase(config.databaseUrl);
  const dataSource = createDataSource({ ...config, databasePoolSize: 2 });
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
