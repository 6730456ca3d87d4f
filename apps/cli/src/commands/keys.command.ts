import { Command } from 'commander';
import { MasterKeyRotation } from '@hcs/persistence';
import { output, withCliContext } from '../cli-context';

/**
 * `hcs keys rotate-master` (docs/security.md "Keys at rest", procedure there): run with the new
 * master key in WEBHOOK_SECRET_KEY and the old one in WEBHOOK_SECRET_KEY_PREVIOUS. `hcs keys
 * reseal`: the same pass under one key, so that no v1 value remains and SECRETS_REFUSE_V1 can be set.
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
  keys
    .command('reseal')
    .description(
      'seal every stored secret again as v2 under WEBHOOK_SECRET_KEY (v1 values, sealed without associated data, included); afterwards SECRETS_REFUSE_V1=true makes the service refuse v1',
    )
    .option('--json', 'print {resealed: {"table.column": n}, v1, already_current} as JSON')
    .action(async (options: { json?: boolean }) => {
      const report = await withCliContext((app) => app.get(MasterKeyRotation).rotate());
      const total = Object.values(report.resealed).reduce((n, x) => n + x, 0);
      output(
        options.json,
        { resealed: report.resealed, v1: report.v1, already_current: report.current },
        `sealed ${total} secret(s) again (${report.v1} were v1; ${report.current} already current): SECRETS_REFUSE_V1=true can now be set`,
      );
    });
}
