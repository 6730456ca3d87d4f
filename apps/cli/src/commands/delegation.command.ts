import { Command, InvalidArgumentError } from 'commander';
import { DEMO_DELEGATION_DEFAULT_TTL_SECONDS, DemoDelegationIssuer } from '@hcs/auth';
import { isUuid, SeedRepository, TenantRepository } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { output, withCliContext } from '../cli-context';
import { DEMO_TENANT_NAME } from '../seed/demo-catalog';

function ttl(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) throw new InvalidArgumentError('expected whole seconds, at least 1');
  return seconds;
}

export function registerDelegation(program: Command): void {
  const delegation = program.command('delegation').description('traveler delegations (development)');
  delegation
    .command('mint')
    .description('print a delegation JWT signed by the demo issuer (development only; refused with NODE_ENV=production)')
    .requiredOption('--sub <sub>', 'the traveler identifier')
    .option('--ttl <seconds>', 'lifetime in seconds (default 900, at most DELEGATION_MAX_LIFETIME_SECONDS)', ttl)
    .option('--tenant <id>', 'the tenant the delegation is for (tenant_id claim); default: the demo tenant of `hcs seed demo`')
    .option('--json', 'print {token, issuer, audience, sub, expires_at} as JSON')
    .action(async (options: { sub: string; ttl?: number; tenant?: string; json?: boolean }) => {
      // Checked before the configuration, whose production rules would otherwise speak first.
      if (process.env.NODE_ENV === 'production') throw new Error('delegation mint is for development only (NODE_ENV=production)');
      const minted = await withCliContext(async (app) => {
        const max = app.get(AppConfig).delegationMaxLifetimeSeconds;
        if (options.ttl !== undefined && options.ttl > max) throw new Error(`--ttl may be at most ${max} seconds (DELEGATION_MAX_LIFETIME_SECONDS)`);
        // The demo issuer is a platform issuer: its delegations always name a tenant (docs/identity.md).
        const tenantId = options.tenant ?? (await app.get(SeedRepository).findTenantByName(DEMO_TENANT_NAME))?.id;
        if (tenantId === undefined) throw new Error('no demo tenant: run `hcs seed demo` or pass --tenant ID');
        if (!(isUuid(tenantId) && (await app.get(TenantRepository).findById(tenantId)))) throw new Error(`unknown tenant ${tenantId}`);
        return app
          .get(DemoDelegationIssuer)
          .mint({ sub: options.sub, ttlSeconds: options.ttl ?? Math.min(DEMO_DELEGATION_DEFAULT_TTL_SECONDS, max), tenantId: tenantId.toLowerCase() });
      });
      output(options.json, minted, minted.token);
    });
}
