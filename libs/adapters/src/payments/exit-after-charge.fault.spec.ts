import type { PaymentProvider } from '@hcs/domain';
import { ExitAfterChargeFault, paymentProviderFor } from './exit-after-charge.fault';

describe('the exit-after-charge fault hook', () => {
  const provider = { charge: jest.fn() } as unknown as PaymentProvider;

  it('is inert outside NODE_ENV=test, whatever the flag says', () => {
    expect(paymentProviderFor(provider, { nodeEnv: 'production', faultExitAfterCharge: true })).toBe(provider);
    expect(paymentProviderFor(provider, { nodeEnv: 'development', faultExitAfterCharge: true })).toBe(provider);
    expect(paymentProviderFor(provider, { nodeEnv: 'test', faultExitAfterCharge: false })).toBe(provider);
  });

  it('wraps the provider only in a test process that asks for it', () => {
    expect(paymentProviderFor(provider, { nodeEnv: 'test', faultExitAfterCharge: true })).toBeInstanceOf(ExitAfterChargeFault);
  });
});
