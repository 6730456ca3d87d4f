import { ConfigError, loadConfig } from './app-config';

const PROD = {
  NODE_ENV: 'production',
  BASE_URL: 'https://api.example.com',
  DELEGATION_AUDIENCE: 'https://api.example.com',
  PAYMENTS_SANDBOX: 'true',
  WEBHOOK_SECRET_KEY: 'w'.repeat(32),
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
}

describe('production configuration', () => {
  it('boots with an explicit public BASE_URL, DELEGATION_AUDIENCE and PAYMENTS_SANDBOX=true', () => {
    const config = loadConfig(PROD);
    expect(config.baseUrl).toBe('https://api.example.com');
    expect(config.paymentsSandbox).toBe(true);
  });

  it('refuses a missing BASE_URL and DELEGATION_AUDIENCE, naming both', () => {
    const message = problems({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' });
    expect(message).toContain('BASE_URL: required');
    expect(message).toContain('DELEGATION_AUDIENCE: required');
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:8080', 'http://api.localhost'])('refuses the local address %s', (local) => {
    expect(problems({ ...PROD, BASE_URL: local })).toContain('BASE_URL: must not be a localhost address');
    expect(problems({ ...PROD, DELEGATION_AUDIENCE: local })).toContain('DELEGATION_AUDIENCE: must not be a localhost address');
  });

  it('refuses the sandbox payment provider unless PAYMENTS_SANDBOX=true', () => {
    expect(problems({ ...PROD, PAYMENTS_SANDBOX: '' })).toContain('PAYMENTS_SANDBOX');
    expect(problems({ ...PROD, PAYMENTS_SANDBOX: 'false' })).toContain('PAYMENTS_SANDBOX');
  });

  it('keeps development defaults outside production (sandbox on, localhost allowed)', () => {
    const config = loadConfig({});
    expect(config.paymentsSandbox).toBe(true);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
    expect(config.delegationMaxLifetimeSeconds).toBe(900);
  });

  it('reads TRUST_PROXY as Express does', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(problems({ TRUST_PROXY: 'everyone' })).toContain('TRUST_PROXY');
  });
});

describe('config error messages', () => {
  it('never print the password of a bad DATABASE_URL or REDIS_URL', () => {
    const message = problems({ DATABASE_URL: 'mysql://app:s3cr3t-db@db.internal/x', REDIS_URL: 'http://:s3cr3t-redis@cache:6379' });
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('REDIS_URL');
    expect(message).not.toContain('s3cr3t');
    expect(message).toContain('mysql://***@db.internal/x');
  });
});
