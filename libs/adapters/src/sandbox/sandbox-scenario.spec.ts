import { changedRate, SANDBOX_SCENARIO_NAMES, SANDBOX_SCENARIOS_BY_CAPABILITY, sandboxPaymentToken, sandboxScenarioProblem } from './sandbox-scenario';

describe('sandbox scenario rules', () => {
  const hold = SANDBOX_SCENARIOS_BY_CAPABILITY.create_hold;

  it('runs a scenario the operation takes, outside production only', () => {
    expect(sandboxScenarioProblem('sold_out', hold, false)).toBeNull();
    expect(sandboxScenarioProblem('sold_out', hold, true)).toBe('sandbox scenarios are refused in production');
  });

  it('refuses unknown names, other types and scenarios of other operations, naming what is accepted', () => {
    expect(sandboxScenarioProblem('nope', hold, false)).toMatch(/^must be one of sold_out, quote_expired, price_changed/);
    expect(sandboxScenarioProblem(42, hold, false)).toMatch(/^must be one of/);
    expect(sandboxScenarioProblem('payment_declined', hold, false)).toBe('this operation takes sold_out, quote_expired');
    expect(sandboxScenarioProblem('sold_out', [], false)).toBe('this operation takes no sandbox scenario');
  });

  it('places every scenario on at least one operation', () => {
    const placed = new Set(Object.values(SANDBOX_SCENARIOS_BY_CAPABILITY).flat());
    expect([...SANDBOX_SCENARIO_NAMES].sort()).toEqual([...placed].sort());
  });

  it('maps the payment scenarios to the sandbox tokens and prices a changed night 10% up, half up', () => {
    expect(sandboxPaymentToken('payment_declined')).toBe('tok_chargeDeclined');
    expect(sandboxPaymentToken('payment_timeout_then_confirmed')).toBe('tok_timeout');
    expect(sandboxPaymentToken('sold_out')).toBeNull();
    expect(sandboxPaymentToken(null)).toBeNull();
    expect(changedRate(10000)).toBe(11000);
    expect(changedRate(15)).toBe(17); // 16.5 -> 17
    expect(changedRate(14)).toBe(15); // 15.4 -> 15
    expect(changedRate(0)).toBe(0);
  });
});
