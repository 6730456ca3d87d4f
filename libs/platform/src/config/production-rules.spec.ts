import { ConfigError, loadConfig } from './app-config';
import { developmentDefaultsWarning } from './production-rules';

const PROD = {
  NODE_ENV: 'production',
  BASE_URL: 'https://api.example.com',
  DELEGATION_AUDIENCE: 'https://api.example.com',
  PAYMENTS_SANDBOX: 'true',
  WEBHOOK_SECRET_KEY: 'w'.repeat(32),
  METRICS_TOKEN: 'm'.repeat(16),
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

describe('production refusals of issue 18 (unsafe settings)', () => {
  const SAFE = PROD;
  const refusedFor = (env: Record<string, string>, role?: 'api' | 'worker' | 'cli'): string => {
    try {
      loadConfig(env, { role });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return '';
  };

  it('boots with METRICS_TOKEN set and nothing unsafe, in every role', () => {
    for (const role of ['api', 'worker', 'cli'] as const) expect(refusedFor(SAFE, role)).toBe('');
  });

  it('refuses WEBHOOK_ALLOW_PRIVATE=true', () => {
    expect(refusedFor({ ...SAFE, WEBHOOK_ALLOW_PRIVATE: 'true' })).toContain('WEBHOOK_ALLOW_PRIVATE: must not be true');
    expect(refusedFor({ ...SAFE, WEBHOOK_ALLOW_PRIVATE: 'false' })).toBe('');
  });

  it('refuses the api without METRICS_TOKEN, and a worker whose metrics listen beyond loopback without it', () => {
    const { METRICS_TOKEN: _token, ...open } = SAFE;
    expect(refusedFor(open)).toContain('METRICS_TOKEN: required');
    expect(refusedFor(open, 'api')).toContain('METRICS_TOKEN: required');
    expect(refusedFor(open, 'worker')).toContain('METRICS_TOKEN: required');
    expect(refusedFor({ ...open, WORKER_METRICS_HOST: '10.0.0.5' }, 'worker')).toContain('WORKER_METRICS_HOST');
    expect(refusedFor({ ...open, WORKER_METRICS_HOST: '127.0.0.1' }, 'worker')).toBe('');
    expect(refusedFor({ ...open, WORKER_METRICS_HOST: '::1' }, 'worker')).toBe('');
    expect(refusedFor({ ...open, WORKER_METRICS_PORT: '0' }, 'worker')).toBe('');
    expect(refusedFor(open, 'cli')).toBe('');
  });

  it('refuses an http: advisor model URL', () => {
    expect(refusedFor({ ...SAFE, ADVISOR_LLM_URL: 'http://llm.internal/v1' })).toContain('ADVISOR_LLM_URL: must be an https: URL');
    expect(refusedFor({ ...SAFE, ADVISOR_LLM_URL: 'https://llm.example.com/v1' })).toBe('');
  });

  it('lists every problem together with the existing refusals', () => {
    const message = refusedFor({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'true', ADVISOR_LLM_URL: 'http://llm/v1' });
    for (const name of [
      'BASE_URL',
      'DELEGATION_AUDIENCE',
      'WEBHOOK_SECRET_KEY',
      'PAYMENTS_SANDBOX',
      'WEBHOOK_ALLOW_PRIVATE',
      'METRICS_TOKEN',
      'ADVISOR_LLM_URL',
    ]) {
      expect(message).toContain(`${name}:`);
    }
  });

  it('applies none of them outside production', () => {
    expect(refusedFor({ WEBHOOK_ALLOW_PRIVATE: 'true', ADVISOR_LLM_URL: 'http://127.0.0.1:9/v1' })).toBe('');
  });
});

describe('developmentDefaultsWarning', () => {
  it('warns once about a public BASE_URL without NODE_ENV', () => {
    const warning = developmentDefaultsWarning({ BASE_URL: 'https://api.example.com' });
    expect(warning).toMatch(/^WARNING: NODE_ENV is not set/);
    expect(warning).toContain('DEVELOPMENT DEFAULTS');
  });

  it.each([
    [{ BASE_URL: 'http://localhost:3000' }],
    [{ BASE_URL: 'http://127.0.0.1:3000' }],
    [{}],
    [{ NODE_ENV: 'development', BASE_URL: 'https://api.example.com' }],
    [{ NODE_ENV: 'production', BASE_URL: 'https://api.example.com' }],
  ])('stays quiet for %j', (env) => {
    expect(developmentDefaultsWarning(env as NodeJS.ProcessEnv)).toBeNull();
  });
});
