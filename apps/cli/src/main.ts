import 'reflect-metadata';
import { Command } from 'commander';
import { ConfigError } from '@hcs/platform';
import { registerMigrate } from './commands/migrate.command';
import { registerSeed } from './commands/seed.command';
import { registerTenant } from './commands/tenant.command';

/** `hcs`: the operator CLI. With `--json`, stdout carries the JSON result and nothing else. */
async function main(argv: string[]): Promise<void> {
  const program = new Command('hcs').description('Hospitality Commerce Service operator CLI').showHelpAfterError();
  registerMigrate(program);
  registerTenant(program);
  registerSeed(program);
  await program.parseAsync(argv);
}

main(process.argv).catch((error: unknown) => {
  process.stderr.write(`hcs: ${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
