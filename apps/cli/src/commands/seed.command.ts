import { Command, InvalidArgumentError } from 'commander';
import { output, withCliContext } from '../cli-context';
import { BenchSeed } from '../seed/bench-seed.service';
import { DemoSeed } from '../seed/demo-seed.service';

function propertiesCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new InvalidArgumentError('expected an integer from 1 to 100000');
  return n;
}

export function registerSeed(program: Command): void {
  const seed = program.command('seed').description('load demo or benchmark data');
  seed
    .command('demo')
    .description('idempotent demo tenant "Demo Hotels"; every run rotates and prints the demo admin and agent keys (refuses with NODE_ENV=production)')
    .option('--json', 'print {tenant_id, admin_api_key, agent, delegation, properties} as JSON')
    .action(async (options: { json?: boolean }) => {
      const result = await withCliContext((app) => app.get(DemoSeed).run());
      output(
        options.json,
        result,
        [
          `demo tenant ${result.tenant_id}`,
          `admin API key: ${result.admin_api_key}`,
          `agent ${result.agent.id} API key: ${result.agent.api_key}`,
          `delegation issuer ${result.delegation.issuer}, audience ${result.delegation.audience}`,
          ...result.properties.map((p) => `property ${p.slug} ${p.id}`),
        ].join('\n'),
      );
    });
  seed
    .command('bench')
    .description('a generated catalog of N promoted properties in a tenant of its own (reused when it exists)')
    .requiredOption('--properties <n>', 'number of properties', propertiesCount)
    .option('--per-city <n>', 'about n properties in each city (more cities for a larger catalog)', propertiesCount)
    .option('--json', 'print {tenant_id, agent_api_key, properties} as JSON')
    .action(async (options: { properties: number; perCity?: number; json?: boolean }) => {
      const result = await withCliContext((app) => app.get(BenchSeed).run(options.properties, options.perCity));
      output(
        options.json,
        result,
        `bench tenant ${result.tenant_id} with ${result.properties} properties${result.created ? '' : ' (reused)'}\nagent API key: ${result.agent_api_key}`,
      );
    });
}
