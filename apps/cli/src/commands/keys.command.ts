import { Command } from 'commander';
import { MasterKeyRotation } from '@hcs/persistence';
import { output, withCliContext } from '../cli-context';

/**
 * `hcs keys rotate-master` (docs/security.md "Keys at rest", procedure there): run with the new
 * master key in WEBHOOK_SECRET_KEY and the old one in WEBHOOK_SECRET_KEY_PREVIOUS.
 */
export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('secrets at rest');
  keys
    .command('rotate-master')
    .description(
      'seal every stored secret (webhook secrets, token-signing private keys, receipt keys) again under WEBHOOK_SECRET_KEY, opening them with it or WEBHOOK_SECRET_KEY_PREVIOUS; all or nothing',
    )
    .option('--json', 'print {resealed: {"table.column": n}, already_current} as JSON')
    .action(async (options: { json?: boolean }) => {
      const report = await withCliContext((app) => app.get(MasterKeyRotation).rotate());
      const total = Object.values(report.resealed).reduce((n, x) => n + x, 0);
      output(
        options.json,
        { resealed: report.resealed, already_current: report.current },
        `sealed ${total} secret(s) again under the current master key (${report.current} already were); WEBHOOK_SECRET_KEY_PREVIOUS can now be removed`,
      );
    });
}
