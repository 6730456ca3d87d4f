import { Command } from 'commander';
import { ReceiptKeyRepository } from '@hcs/domain';
import { output, withCliContext } from '../cli-context';

/** How long other api processes may keep signing with the previous key (their signing-key cache). */
const PICKUP_SECONDS = 30;

export function registerReceipts(program: Command): void {
  const receipts = program.command('receipts').description('signed receipts');
  receipts
    .command('rotate-key')
    .description('add a receipt signing key with a new kid: it signs from now on, every older key keeps verifying')
    .option('--json', 'print {kid, picked_up_within_seconds} as JSON')
    .action(async (options: { json?: boolean }) => {
      const key = await withCliContext((app) => app.get(ReceiptKeyRepository).rotate());
      const result = { kid: key.kid, picked_up_within_seconds: PICKUP_SECONDS };
      output(options.json, result, `receipts are signed with ${key.kid} (every api process within ${PICKUP_SECONDS} s); older keys still verify`);
    });
}
