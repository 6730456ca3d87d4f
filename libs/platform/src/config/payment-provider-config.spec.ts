import { ConfigError, loadConfig } from './app-config';

const PROD = {
  NODE_ENV: 'production',
  BASE_URL: 'https://api.example.com',
  DELEGATION_AUDIENCE: 'https://api.example.com',
  WEBHOOK_SECRET_KEY: 'w'.repeat(32),
  METRICS_TOKEN: 'm'.repeat(16),
};
const LIVE_KEY = 'sk_live_51abcDEF0123456789';
const TEST_KEY = 'sk_test_51abcDEF0123456789';
const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: LIVE_KEY, STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
}

describe('payment provider configuration', () => {
  it('defaults to the sandbox outside production', () => {
    const config = loadConfig({});
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.stripeSecretKey).toBeNull();
  });

  it('boots production with Stripe and its keys, without PAYMENTS_SANDBOX', () => {
    const config = loadConfig({ ...PROD, ...STRIPE });
    expect(config.paymentProvider).toBe('stripe');
    expect(config.stripeSecretKey).toBe(LIVE_KEY);
    expect(config.stripeWebhookSecret).toBe('whsec_abc123');
    expect(config.stripeApiBase).toBeNull();
  });

  it('still refuses the sandbox in production unless PAYMENTS_SANDBOX=true acknowledges it', () => {
    expect(problems({ ...PROD })).toContain('PAYMENTS_SANDBOX');
    expect(problems({ ...PROD, PAYMENT_PROVIDER: 'sandbox' })).toContain('PAYMENTS_SANDBOX');
    expect(loadConfig({ ...PROD, PAYMENTS_SANDBOX: 'true' }).paymentProvider).toBe('sandbox');
  });

  it('refuses a test-mode key in production unless PAYMENTS_TEST_MODE=true', () => {
    expect(problems({ ...PROD, ...STRIPE, STRIPE_SECRET_KEY: TEST_KEY })).toContain('PAYMENTS_TEST_MODE=true');
    expect(loadConfig({ ...PROD, ...STRIPE, STRIPE_SECRET_KEY: TEST_KEY, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
    expect(loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: TEST_KEY }).stripeSecretKey).toBe(TEST_KEY);
  });

  it('needs both Stripe keys in every environment', () => {
    const message = problems({ PAYMENT_PROVIDER: 'stripe' });
    expect(message).toContain('STRIPE_SECRET_KEY: required');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: required');
  });

  it('refuses a plain-http API base in production but lets tests point the SDK at a local stand-in', () => {
    expect(problems({ ...PROD, ...STRIPE, STRIPE_API_BASE: 'http://stripe.internal' })).toContain('STRIPE_API_BASE');
    expect(loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).stripeApiBase).toBe('http://127.0.0.1:12111');
  });

  it('never echoes a bad key, not even in part', () => {
    const secret = 'pk_live_leakme0123456789';
    const message = problems({ ...STRIPE, STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: 'notwhsec_leakme' });
    expect(message).toContain('STRIPE_SECRET_KEY');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(message).not.toContain('leakme');
  });
});
