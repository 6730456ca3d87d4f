import { FakeSandboxEffects, FakeScenarioContext, fakeSandbox } from '../../testing/fake-sandbox';
import type { HoldRecord, QuoteRecord } from '../chain.types';
import type { SandboxScenarios } from './sandbox-scenarios';

const quote = { id: 'q1', tenantId: 't1', roomTypeId: 'rt', expired: false, expiresAt: new Date('2031-01-01T00:00:00Z') } as QuoteRecord;
const hold = { id: 'h1', tenantId: 't1', state: 'held', expired: false, expiresAt: new Date('2031-01-01T00:00:00Z') } as HoldRecord;

describe('SandboxScenarios', () => {
  let effects: FakeSandboxEffects;
  let scenario: FakeScenarioContext;
  let sandbox: SandboxScenarios;

  beforeEach(() => {
    effects = new FakeSandboxEffects();
    scenario = new FakeScenarioContext();
    sandbox = fakeSandbox(effects, scenario);
  });

  it('without a scenario changes nothing', async () => {
    await expect(sandbox.beforeHold(quote, ['2030-01-01'])).resolves.toBe(quote);
    await expect(sandbox.beforeBooking(hold)).resolves.toBe(hold);
    expect(sandbox.paymentToken('tok_visa')).toBe('tok_visa');
    expect(sandbox.rates(100, { '2030-01-01': 200 })).toEqual({ baseRate: 100, dailyRates: { '2030-01-01': 200 } });
    expect(effects.calls).toEqual([]);
  });

  it('quote_expired ends the quote for real; sold_out refuses with every night and writes nothing', async () => {
    await sandbox.accepted('quote_expired', 't1');
    await expect(sandbox.beforeHold(quote, ['2030-01-01'])).resolves.toMatchObject({ expired: true, expiresAt: effects.now });
    expect(effects.calls).toEqual(['quote t1 q1']);
    await sandbox.accepted('sold_out', 't1');
    await expect(sandbox.beforeHold(quote, ['2030-01-01', '2030-01-02'])).rejects.toMatchObject({
      code: 'allotment_exhausted',
      detail: { quote_id: 'q1', room_type_id: 'rt', dates: ['2030-01-01', '2030-01-02'] },
    });
    expect(effects.calls).toEqual(['quote t1 q1']);
  });

  it('hold_expired ends a live held hold only; payment scenarios swap the card token', async () => {
    await sandbox.accepted('hold_expired', 't1');
    await expect(sandbox.beforeBooking({ ...hold, state: 'converting' })).resolves.toMatchObject({ expired: false });
    await expect(sandbox.beforeBooking(hold)).resolves.toMatchObject({ expired: true, expiresAt: effects.now });
    await sandbox.accepted('payment_declined', 't1');
    expect(sandbox.paymentToken('tok_visa')).toBe('tok_chargeDeclined');
    await sandbox.accepted('payment_timeout_then_confirmed', 't1');
    expect(sandbox.paymentToken('tok_visa')).toBe('tok_timeout');
  });

  it('price_changed raises every rate 10%; webhook_receiver_down marks the request trace', async () => {
    await sandbox.accepted('price_changed', 't1');
    expect(sandbox.rates(10000, { '2030-01-01': 15 })).toEqual({ baseRate: 11000, dailyRates: { '2030-01-01': 17 } });
    await sandbox.accepted('webhook_receiver_down', 't1');
    expect(effects.calls).toEqual(['down t1 trace-1']);
  });
});
