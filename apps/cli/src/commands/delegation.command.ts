import { Command, InvalidArgumentError } from 'commander';
import { DemoDelegationIssuer } from '@hcs/auth';
import { isUuid, TenantRepository } from '@hcs/domain';
import { loadConfig } from '@hcs/platform';
import { output, withCliContext } from '../cli-context';

const MAX_TTL_SECONDS = 86_400;

function ttl(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_TTL_SECONDS)
    throw new InvalidArgumentError(`expected whole seconds between 1 and ${MAX_TTL_SECONDS}`);
  return seconds;
}

export function registerDelegation(program: Command): void {
  const delegation = program.command('delegation').description('traveler delegations (development)');
  delegation
    .command('mint')
    .description('print a delegation JWT signed by the demo issuer (development only; refused with NODE_ENV=production)')
    .requiredOption('--sub <sub>', 'the traveler identifier')
    .option('--ttl <seconds>', 'lifetime in seconds (default 900)', ttl)
    .option('--tenant <id>', 'restrict the delegation to this tenant (tenant_id claim)')
    .option('--json', 'print {token, issuer, audience, sub, expires_at} as JSON')
    .action(async (options: { sub: string; ttl?: number; tenant?: string; json?: boolean }) => {
      if (loadConfig(process.env).nodeEnv === 'production') throw new Error('delegation mint is for development only (NODE_ENV=production)');
      const minted = await withCliContext(async (app) => {
        if (options.tenant !== undefined && !(isUuid(options.tenant) && (await app.get(TenantRepository).findById(options.tenant)))) {
          throw new Error(`unknown tenant ${options.tenant}`);
        }
        return app.get(DemoDelegationIssuer).mint({ sub: options.sub, ttlSeconds: options.ttl, tenantId: options.tenant?.toLowerCase() });
      });
      output(options.json, minted, minted.token);
    });
}
