import { Command } from 'commander';
import { DomainError, ReceiptKeyRepository } from '@hcs/domain';
import { output, withCliContext } from '../cli-context';

/** How long other api processes may keep signing with the previous key (their signing-key cache). */
const PICKUP_SECONDS = 30;

export function registerReceipts(program: Command): void {
  const receipts = program.command('receipts').description('signed receipts');
  receipts
    .command('rotate-key')
    .description("add a tenant's receipt signing key with a new kid: it signs the tenant's receipts from now on, every older key keeps verifying")
    .requiredOption('--tenant <id>', 'the tenant whose key rotates (each tenant signs with keys of its own)')
    .option('--json', 'print {tenant_id, kid, picked_up_within_seconds} as JSON')
    .action(async (options: { tenant: string; json?: boolean }) => {
      const key = await withCliContext((app) => app.get(ReceiptKeyRepository).rotate(options.tenant));
      const result = { tenant_id: options.tenant, kid: key.kid, picked_up_within_seconds: PICKUP_SECONDS };
      output(
        options.json,
        result,
        `receipts of tenant ${options.tenant} are signed with ${key.kid} (every api process within ${PICKUP_SECONDS} s); older keys still verify`,
      );
    });
  receipts
    .command('retire-key')
    .description('retire a receipt kid: receipts signed with it stop verifying (reason kid_retired) on every api process within 30 s')
    .requiredOption('--kid <kid>', 'the kid to retire, e.g. receipt-v1')
    .option('--tenant <id>', 'the tenant whose kid it is; without it, a platform-wide kid (those signed receipts before keys were per tenant)')
    .option('--json', 'print {kid, state, picked_up_within_seconds} as JSON')
    .action(async (options: { kid: string; tenant?: string; json?: boolean }) => {
      const outcome = await withCliContext((app) => app.get(ReceiptKeyRepository).retire(options.tenant ?? null, options.kid));
      if (outcome === 'not_found') throw new DomainError('validation_failed', { message: `no receipt key ${options.kid}`, detail: { kid: options.kid } });
      if (outcome === 'last_key')
        throw new DomainError('validation_failed', {
          message: `${options.kid} is the tenant's only unretired receipt key: rotate first (hcs receipts rotate-key --tenant ${options.tenant})`,
          detail: { kid: options.kid },
        });
      const result = { kid: options.kid, state: outcome, picked_up_within_seconds: PICKUP_SECONDS };
      output(options.json, result, `${options.kid} is retired: receipts signed with it no longer verify (every api process within ${PICKUP_SECONDS} s)`);
    });
}
