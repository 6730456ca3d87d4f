import { Command } from 'commander';
import { CreateTenant } from '@hcs/domain';
import { output, withCliContext } from '../cli-context';

export function registerTenant(program: Command): void {
  const tenant = program.command('tenant').description('manage tenants');
  tenant
    .command('create')
    .description('create a tenant with its first admin API key (shown once)')
    .requiredOption('--name <name>', 'tenant name')
    .option('--json', 'print {tenant_id, admin_api_key} as JSON')
    .action(async (options: { name: string; json?: boolean }) => {
      const created = await withCliContext((app) => app.get(CreateTenant).execute({ name: options.name }));
      const result = { tenant_id: created.tenant_id, admin_api_key: created.admin_api_key };
      output(options.json, result, `tenant ${result.tenant_id}\nadmin API key (shown once): ${result.admin_api_key}`);
    });
}
