import 'reflect-metadata';
import { Command } from 'commander';
import { DomainError } from '@hcs/domain';
import { ConfigError } from '@hcs/platform';
import { registerDelegation } from './commands/delegation.command';
import { registerReceipts } from './commands/receipts.command';
import { registerAdminKey } from './commands/admin-key.command';
import { registerChannel } from './commands/channel.command';
import { registerIssuer } from './commands/issuer.command';
import { registerKeys } from './commands/keys.command';
import { registerMigrate } from './commands/migrate.command';
import { registerOAuth } from './commands/oauth.command';
import { registerSeed } from './commands/seed.command';
import { registerTenant } from './commands/tenant.command';

/** `hcs`: the operator CLI. With `--json`, stdout carries the JSON result and nothing else. */
async function main(argv: string[]): Promise<void> {
  const program = new Command('hcs').description('Hospitality Commerce Service operator CLI').showHelpAfterError();
  registerMigrate(program);
  registerTenant(program);
  registerIssuer(program);
  registerDelegation(program);
  registerReceipts(program);
  registerAdminKey(program);
  registerOAuth(program);
  registerKeys(program);
  registerSeed(program);
  registerChannel(program);
  await program.parseAsync(argv);
}

function describe(error: unknown): string {
  if (error instanceof DomainError) return `${error.code}: ${error.message === error.code ? '' : `${error.message} `}${JSON.stringify(error.detail)}`;
  if (error instanceof ConfigError || error instanceof Error) return error.message;
  return String(error);
}

main(process.argv).catch((error: unknown) => {
  process.stderr.write(`hcs: ${describe(error)}\n`);
  process.exit(1);
});
