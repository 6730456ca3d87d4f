import { ChargeRequest, ChargeResult, GuaranteeResult, RefundRequest, RefundResult } from '@hcs/domain';
import { ScenarioPaymentProvider } from './scenario-payment.provider';

class RecordingSandbox {
  charges: Array<{ request: ChargeRequest; behavesAs: string }> = [];
  refunds: RefundRequest[] = [];
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.chargeAs(request, request.token);
  }
  async chargeAs(request: ChargeRequest, behavesAs: string): Promise<ChargeResult> {
    this.charges.push({ request, behavesAs });
    return { outcome: 'succeeded', reference: 'ch_1' };
  }
  async guarantee(): Promise<GuaranteeResult> {
    return { outcome: 'succeeded', cardReference: 'card_1' };
  }
  async chargeOffSession(): Promise<ChargeResult> {
    return { outcome: 'succeeded', reference: 'ch_2' };
  }
  async refund(request: RefundRequest): Promise<RefundResult> {
    this.refunds.push(request);
    return { outcome: 'succeeded', reference: 're_1' };
  }
}

const request: ChargeRequest = {
  tenantId: 't1',
  idempotencyKey: 'attempt-1',
  amount: { amount: 100, currency: 'EUR' },
  method: 'card',
  token: 'tok_visa',
  billingCountry: 'FR',
  description: 'booking',
};

describe('ScenarioPaymentProvider', () => {
  it.each([
    [null, 'tok_visa'],
    ['payment_declined', 'tok_chargeDeclined'],
    ['payment_timeout_then_confirmed', 'tok_timeout'],
    ['hold_expired', 'tok_visa'],
  ])('under scenario %s charges the caller’s card as %s', async (scenario, card) => {
    const sandbox = new RecordingSandbox();
    const provider = new ScenarioPaymentProvider(sandbox, { current: scenario });
    await expect(provider.charge(request)).resolves.toEqual({ outcome: 'succeeded', reference: 'ch_1' });
    expect(sandbox.charges).toEqual([{ request, behavesAs: card }]);
    expect(provider.behavesAs('tok_visa')).toBe(card);
  });

  it('passes refunds through untouched', async () => {
    const sandbox = new RecordingSandbox();
    const refund = { tenantId: 't1', idempotencyKey: 'r1', chargeReference: 'ch_1', amount: { amount: 10, currency: 'EUR' } };
    await new ScenarioPaymentProvider(sandbox, { current: 'payment_declined' }).refund(refund);
    expect(sandbox.refunds).toEqual([refund]);
  });
});
