import type { NewPaymentAttempt, PaymentAttemptRecord } from '@hcs/domain';
import { SqlParams } from '@hcs/persistence';
import { SandboxLedgerAtBegin } from './sandbox-ledger-at-begin';

const attempt = { tenantId: 't1', providerToken: 'tok_visa', amount: { amount: 20000, currency: 'EUR' } } as NewPaymentAttempt;
const written = { id: 'attempt-1', tenantId: 't1', amount: { amount: 20000, currency: 'EUR' } } as PaymentAttemptRecord;
const charge = { chargeId: 'ch_1', state: 'succeeded' as const, declineMessage: null, tokenFingerprint: 'fp-visa' };

describe('SandboxLedgerAtBegin', () => {
  it('adds nothing to the begin statement until the sandbox provider plans, nor for a token it does not decide at once', () => {
    const ledger = new SandboxLedgerAtBegin();
    expect(ledger.plan(new SqlParams(), attempt)).toBeNull();
    ledger.usePlanner(() => null);
    expect(ledger.plan(new SqlParams(), attempt)).toBeNull();
  });

  it('writes the planned row with the attempt, keyed by the attempt, and hands it to the charge once it committed', () => {
    const ledger = new SandboxLedgerAtBegin();
    const tokens: string[] = [];
    ledger.usePlanner((token) => (tokens.push(token), charge));
    const p = new SqlParams();
    const planned = ledger.plan(p, attempt)!;
    expect(tokens).toEqual(['tok_visa']);
    expect(planned.cte).toMatch(/^INSERT INTO sandbox_charges/);
    expect(planned.cte).toContain('att.id::text');
    expect(planned.cte).toContain('FROM att, referenced');
    expect(p.values).toEqual(['ch_1', 'fp-visa', 'succeeded', null]);

    const request = { amount: 20000, currency: 'EUR', tokenFingerprint: 'fp-visa' };
    expect(ledger.take('t1', 'attempt-1', request)).toBeUndefined();
    planned.committed(written);
    expect(ledger.take('t1', 'attempt-1', request)).toEqual(charge);
    expect(ledger.take('t1', 'attempt-1', request)).toBeUndefined();
  });

  it('answers nothing for a charge asked with other parameters than the row it wrote', () => {
    const ledger = new SandboxLedgerAtBegin();
    ledger.usePlanner(() => charge);
    ledger.plan(new SqlParams(), attempt)!.committed(written);
    expect(ledger.take('t1', 'attempt-1', { amount: 20000, currency: 'EUR', tokenFingerprint: 'fp-other' })).toBeUndefined();
  });
});
