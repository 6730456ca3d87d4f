import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/hotel_commerce');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.docsUrl).toBe('http://localhost:3000/docs');
    expect(config.quoteTtlSeconds).toBe(600);
    expect(config.holdTtlSeconds).toBe(900);
    expect(config.paymentTimeoutMs).toBe(10000);
    expect(config.idempotencyTtlHours).toBe(24);
    expect(config.webhookAllowPrivate).toBe(false);
    expect(config.webhookRetryScheduleSeconds).toEqual([10, 60, 300, 1800, 7200, 21600, 43200]);
    expect(config.rateLimitPerMinute).toBe(1200);
    expect(config.rateLimitAnonPerMinute).toBe(120);
    expect(config.delegationAudience).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
  });

  it('derives addresses from BASE_URL and reads lists and booleans', () => {
    const config = loadConfig({ BASE_URL: 'https://api.example.com/', WEBHOOK_RETRY_SCHEDULE: '1, 2,3', WEBHOOK_ALLOW_PRIVATE: 'true' });
    expect(config.baseUrl).toBe('https://api.example.com');
    expect(config.siteUrl).toBe('https://api.example.com');
    expect(config.mcpUrl).toBe('https://api.example.com');
    expect(config.webhookRetryScheduleSeconds).toEqual([1, 2, 3]);
    expect(config.webhookAllowPrivate).toBe(true);
  });

  it('reads MCP_ALLOWED_ORIGINS as a list of origins (none by default), refusing anything else', () => {
    expect(loadConfig({}).mcpAllowedOrigins).toEqual([]);
    expect(loadConfig({ MCP_ALLOWED_ORIGINS: 'https://Console.Example.com, http://localhost:5173/' }).mcpAllowedOrigins).toEqual([
      'https://console.example.com',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'console.example.com', 'https://console.example.com/path', 'ftp://files.example.com']) {
      expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: bad })).toThrow(/MCP_ALLOWED_ORIGINS: expected a comma-separated list of origins/);
    }
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', HOLD_TTL_SECONDS: '-5', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'HOLD_TTL_SECONDS', 'REDIS_URL', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('still accepts, and ignores, the hold-expiry settings it no longer has', () => {
    const config = loadConfig({ HOLD_EXPIRY_SWEEP_INTERVAL_MS: '250', HOLD_EXPIRY_JOB_GRACE_MS: 'anything', HOLD_SWEEP_INTERVAL_SECONDS: '60' });
    expect(config.holdSweepIntervalSeconds).toBe(60);
    expect(config).not.toHaveProperty('holdExpirySweepIntervalMs');
    expect(config).not.toHaveProperty('holdExpiryJobGraceMs');
  });

  it('reads the scaling settings: replica, api processes, per-queue worker concurrency (docs/scaling.md)', () => {
    const defaults = loadConfig({});
    expect(defaults.databaseReadUrl).toBeNull();
    expect(defaults.databaseReadMaxLagSeconds).toBe(5);
    expect(defaults.apiWorkers).toBe(1);
    expect(defaults.workerConcurrency).toEqual({});
    const set = loadConfig({
      DATABASE_READ_URL: 'postgres://reader@replica:5432/hotel_commerce',
      DATABASE_READ_MAX_LAG_SECONDS: '2.5',
      API_WORKERS: 'auto',
      WORKER_CONCURRENCY_WEBHOOK_DELIVERY: '128',
      WORKER_CONCURRENCY_HOLD_EXPIRY: '8',
    });
    expect(set.databaseReadUrl).toBe('postgres://reader@replica:5432/hotel_commerce');
    expect(set.databaseReadMaxLagSeconds).toBe(2.5);
    expect(set.apiWorkers).toBe('auto');
    expect(set.workerConcurrency).toEqual({ 'webhook-delivery': 128, 'hold-expiry': 8 });
    expect(loadConfig({ API_WORKERS: '4' }).apiWorkers).toBe(4);
    let error: unknown;
    try {
      loadConfig({ API_WORKERS: 'many', WORKER_CONCURRENCY_OUTBOX_RELAY: '0', DATABASE_READ_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    for (const name of ['API_WORKERS', 'WORKER_CONCURRENCY_OUTBOX_RELAY', 'DATABASE_READ_URL']) expect((error as Error).message).toContain(name);
  });
});
