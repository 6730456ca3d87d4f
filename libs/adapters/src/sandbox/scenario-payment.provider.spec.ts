import { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from '@hcs/domain';
import { ScenarioPaymentProvider } from './scenario-payment.provider';

class RecordingProvider extends PaymentProvider {
  charges: ChargeRequest[] = [];
  refunds: RefundRequest[] = [];
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    return { outcome: 'succeeded', reference: 'ch_1' };
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
  ])('under scenario %s asks the provider with %s', async (scenario, token) => {
    const inner = new RecordingProvider();
    const provider = new ScenarioPaymentProvider(inner, { current: scenario });
    await expect(provider.charge(request)).resolves.toEqual({ outcome: 'succeeded', reference: 'ch_1' });
    expect(inner.charges).toEqual([{ ...request, token }]);
    expect(provider.cardToken('tok_visa')).toBe(token);
  });

  it('passes refunds through untouched', async () => {
    const inner = new RecordingProvider();
    const refund = { tenantId: 't1', idempotencyKey: 'r1', chargeReference: 'ch_1', amount: { amount: 10, currency: 'EUR' } };
    await new ScenarioPaymentProvider(inner, { current: 'payment_declined' }).refund(refund);
    expect(inner.refunds).toEqual([refund]);
  });
});
