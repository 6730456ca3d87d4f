import { z } from 'zod';
import { envSchema } from './env.schema';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The validated configuration shared by api, worker and CLI. It is also the DI token: inject
 * `AppConfig` anywhere. Build it with `loadConfig(process.env)`; a bad value throws a ConfigError
 * naming the variable.
 */
export class AppConfig {
  readonly nodeEnv!: 'development' | 'test' | 'production';
  readonly serviceName = 'hospitality-commerce-service';
  readonly serviceVersion = '0.1.0';
  readonly databaseUrl!: string;
  readonly databasePoolSize!: number;
  readonly redisUrl!: string;
  readonly queuePrefix!: string;
  readonly port!: number;
  readonly baseUrl!: string;
  readonly siteUrl!: string;
  readonly mcpUrl!: string;
  readonly docsUrl!: string;
  readonly quoteTtlSeconds!: number;
  readonly holdTtlSeconds!: number;
  readonly holdSweepIntervalSeconds!: number;
  readonly paymentTimeoutMs!: number;
  readonly idempotencyTtlHours!: number;
  readonly webhookRetryScheduleSeconds!: number[];
  readonly webhookAllowPrivate!: boolean;
  readonly rateLimitPerMinute!: number;
  readonly rateLimitAnonPerMinute!: number;
  readonly oauthEnabled!: boolean;
  readonly delegationAudience!: string;
  readonly logLevel!: string;
  /** Guest follow-ups go by email through this server when set (docs/follow-ups.md). */
  readonly smtpUrl!: string | null;
  readonly followUpFrom!: string;
  readonly followUpSweepIntervalSeconds!: number;

  constructor(values: Omit<AppConfig, 'serviceName' | 'serviceVersion'>) {
    Object.assign(this, values);
  }
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(raw[String(i.path[0])])})`));
  }
  const env = parsed.data;
  const baseUrl = trimSlash(env.BASE_URL ?? `http://localhost:${env.PORT}`);
  return new AppConfig({
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    port: env.PORT,
    baseUrl,
    siteUrl: trimSlash(env.SITE_URL ?? baseUrl),
    mcpUrl: trimSlash(env.MCP_URL ?? baseUrl),
    docsUrl: trimSlash(env.DOCS_URL ?? `${baseUrl}/docs`),
    quoteTtlSeconds: env.QUOTE_TTL_SECONDS,
    holdTtlSeconds: env.HOLD_TTL_SECONDS,
    holdSweepIntervalSeconds: env.HOLD_SWEEP_INTERVAL_SECONDS,
    paymentTimeoutMs: env.PAYMENT_TIMEOUT_MS,
    idempotencyTtlHours: env.IDEMPOTENCY_TTL_HOURS,
    webhookRetryScheduleSeconds: env.WEBHOOK_RETRY_SCHEDULE,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitAnonPerMinute: env.RATE_LIMIT_ANON_PER_MINUTE,
    oauthEnabled: env.OAUTH_ENABLED,
    delegationAudience: env.DELEGATION_AUDIENCE ?? baseUrl,
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL ?? null,
    followUpFrom: env.FOLLOW_UP_FROM,
    followUpSweepIntervalSeconds: env.FOLLOW_UP_SWEEP_INTERVAL_SECONDS,
  });
}

export type { z };
