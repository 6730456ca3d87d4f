import { randomUUID } from 'node:crypto';
import type { ChargeRequest } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { SqlClient } from '@hcs/persistence';
import { SandboxLedgerAtBegin, SandboxPaymentProvider } from '@hcs/adapters';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain } from '../support/chain-seed';

/** The sandbox's ledger on a real Postgres (docs/sandbox.md): a key charges once, whatever card a scenario made it behave as. */
describe('the sandbox payment ledger (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let sandbox: SandboxPaymentProvider;
  let tenantId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    sandbox = new SandboxPaymentProvider(tier.get(SqlClient), tier.get(AppConfig), new SandboxLedgerAtBegin());
    tenantId = (await seedChain(tier)).tenantId;
  });
  afterAll(() => tier.close());

  const request = (token = 'tok_visa', key = randomUUID()): ChargeRequest => ({
    tenantId,
    idempotencyKey: key,
    amount: { amount: 12000, currency: 'EUR' },
    method: 'card',
    token,
    billingCountry: 'FR',
    description: 'booking of a hold',
  });

  it('answers a key charged as a declining card with the same decline when asked again with the caller’s card', async () => {
    const first = request();
    await expect(sandbox.chargeAs(first, 'tok_chargeDeclined')).resolves.toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    await expect(sandbox.charge(first)).resolves.toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    const rows = await tier.query<{ state: string }>('SELECT state FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key = $2', [
      tenantId,
      first.idempotencyKey,
    ]);
    expect(rows).toEqual([{ state: 'declined' }]);
  });

  it('charges a key once, and refuses it with another card or amount', async () => {
    const first = request();
    const charged = await sandbox.charge(first);
    expect(charged).toMatchObject({ outcome: 'succeeded' });
    await expect(sandbox.charge(first)).resolves.toEqual(charged);
    const refused = { outcome: 'error', message: 'Idempotency key reused with different charge parameters.' };
    await expect(sandbox.charge({ ...first, token: 'tok_mastercard' })).resolves.toEqual(refused);
    await expect(sandbox.charge({ ...first, amount: { amount: 1, currency: 'EUR' } })).resolves.toEqual(refused);
  });

  it('forgets a key whose charge behaved as a failing provider, so a retry is a fresh charge', async () => {
    const first = request();
    await expect(sandbox.chargeAs(first, 'tok_providerError')).resolves.toMatchObject({ outcome: 'error' });
    await expect(sandbox.charge(first)).resolves.toMatchObject({ outcome: 'succeeded' });
  });
});
