import { z } from 'zod';
import { Env, envSchema } from './env.schema';
import { maskCredentials } from './mask-credentials';
import { ProcessRole, productionProblems } from './production-rules';
import { DEVELOPMENT_MASTER_KEY } from '../crypto/master-key';

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
  /** `transaction` behind a transaction-mode pooler: no named statements, no startup parameters (docs/scaling.md). */
  readonly databasePoolMode!: 'session' | 'transaction';
  /** Postgres itself, around any pooler: LISTEN connections and migrations (DATABASE_DIRECT_URL, else DATABASE_URL). */
  readonly databaseDirectUrl!: string;
  readonly redisUrl!: string;
  /** Redis Cluster seeds (`REDIS_CLUSTER_NODES`); null for one Redis at `redisUrl` (docs/redis-cluster.md). */
  readonly redisClusterNodes!: Array<{ host: string; port: number }> | null;
  readonly queuePrefix!: string;
  readonly port!: number;
  readonly baseUrl!: string;
  readonly siteUrl!: string;
  readonly mcpUrl!: string;
  readonly docsUrl!: string;
  /** Browser origins `/mcp` accepts besides the service's own (BASE_URL, SITE_URL, MCP_URL); docs/mcp.md. */
  readonly mcpAllowedOrigins!: string[];
  readonly quoteTtlSeconds!: number;
  readonly holdTtlSeconds!: number;
  /** Live holds one agent may have at once (`MAX_LIVE_HOLDS_PER_AGENT`); past it, `hold_limit_reached`. */
  readonly maxLiveHoldsPerAgent!: number;
  /** How often the hold-expiry backstop and the stranded-payment recovery run (docs/booking-chain.md "Expiry"). */
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
  /** Bearer token `/metrics` requires; null leaves it open (docs/operations.md). */
  readonly metricsToken!: string | null;
  /** Port of the worker's own `/metrics`; 0 switches it off. */
  readonly workerMetricsPort!: number;
  /** Address the worker's `/metrics` listens on (docs/operations.md). */
  readonly workerMetricsHost!: string;
  /** Advisor sessions expire this long after their last message (docs/advisor.md). */
  readonly advisorSessionTtlSeconds!: number;
  /** Most messages an advisor session holds, its welcome included (docs/advisor.md). */
  readonly advisorSessionMaxMessages!: number;
  /** An OpenAI-compatible endpoint for the advisor (off when unset; docs/advisor.md). */
  readonly advisorLlmUrl!: string | null;
  readonly advisorLlmModel!: string;
  readonly advisorLlmApiKey!: string | null;
  /** Encrypts webhook signing secrets at rest (docs/events.md "Secrets"); required in production. */
  readonly webhookSecretKey!: string;
  /** The master key before a rotation: still opens what it sealed (docs/security.md "Keys at rest"). */
  readonly webhookSecretKeyPrevious!: string | null;
  /** Refuse v1 ciphertexts (sealed without associated data), once `hcs keys reseal` sealed every one again. */
  readonly secretsRefuseV1!: boolean;
  /** Webhook attempts one tenant may have in flight across all workers (docs/events.md "Fairness"). */
  readonly webhookTenantConcurrency!: number;
  readonly webhookMaxEndpointsPerTenant!: number;
  /** An endpoint failing without a success for this long is disabled (docs/events.md). */
  readonly webhookDisableAfterHours!: number;
  /** Pace of a bulk replay: deliveries started per second per endpoint. */
  readonly webhookReplayPerSecond!: number;
  readonly idempotencyPurgeIntervalSeconds!: number;
  /** Test-only: the api dies right after a successful charge (inert unless NODE_ENV=test). */
  readonly faultExitAfterCharge!: boolean;
  readonly oversellSweepIntervalSeconds!: number;
  readonly delegationMaxLifetimeSeconds!: number;
  /** Express `trust proxy`: false, true, a hop count or addresses (docs/identity.md). */
  readonly trustProxy!: boolean | number | string;
  readonly paymentsSandbox!: boolean;
  readonly authFailureLimitPerMinute!: number;
  /** Guest follow-ups go by email through this server when set (docs/follow-ups.md). */
  readonly smtpUrl!: string | null;
  readonly followUpFrom!: string;
  /** Follow-ups callers may create in a rolling day, per booking and per tenant (docs/follow-ups.md). */
  readonly followUpMaxPerBookingPerDay!: number;
  readonly followUpMaxPerTenantPerDay!: number;
  readonly followUpSweepIntervalSeconds!: number;
  /** A streaming replica for reads that tolerate lag; null sends every read to the primary (docs/scaling.md). */
  readonly databaseReadUrl!: string | null;
  /** Past this replication lag the replica is skipped and its reads go to the primary. */
  readonly databaseReadMaxLagSeconds!: number;
  /** `API_WORKERS` as written: `auto` (one per core) or a number of api processes sharing the port. */
  readonly apiWorkers!: 'auto' | number;
  /** `WORKER_CONCURRENCY_<QUEUE>` overrides by queue name; a queue not named keeps its default. */
  readonly workerConcurrency!: Partial<Record<string, number>>;
  /** The card payment provider bound to the payment port (docs/payments.md). */
  readonly paymentProvider!: 'sandbox' | 'stripe';
  /** Stripe's API key; never logged (redaction) nor echoed in a configuration error. */
  readonly stripeSecretKey!: string | null;
  /** The signing secret of the Stripe webhook endpoint (`POST /webhooks/stripe`). */
  readonly stripeWebhookSecret!: string | null;
  /** Where the Stripe SDK sends its requests (tests: a local stand-in); null for Stripe's own API. */
  readonly stripeApiBase!: string | null;
  /** A test-mode Stripe key (`sk_test_`) is accepted in production only with PAYMENTS_TEST_MODE=true. */
  readonly paymentsTestMode!: boolean;

  constructor(values: Omit<AppConfig, 'serviceName' | 'serviceVersion'>) {
    Object.assign(this, values);
  }
}

/** Variables that are secrets themselves: a bad value is never echoed, not even masked. */
const SECRET_VARIABLES = new Set(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'ADVISOR_LLM_API_KEY', 'WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS']);

/** A configuration value as a configuration error may show it. */
function shownValue(name: string, value: unknown): string {
  if (SECRET_VARIABLES.has(name)) return value === undefined ? 'nothing' : 'a value that is not shown';
  return JSON.stringify(maskCredentials(value));
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export function loadConfig(source: NodeJS.ProcessEnv = process.env, options: { role?: ProcessRole } = {}): AppConfig {
  const raw = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${shownValue(String(i.path[0]), raw[String(i.path[0])])})`));
  }
  const env = parsed.data;
  const refused = productionProblems(env, options.role);
  if (refused.length > 0) throw new ConfigError(refused);
  const baseUrl = trimSlash(env.BASE_URL ?? `http://localhost:${env.PORT}`);
  return new AppConfig({
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePoolMode: env.DATABASE_POOL_MODE,
    databaseDirectUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisClusterNodes: env.REDIS_CLUSTER_NODES ?? null,
    queuePrefix: env.QUEUE_PREFIX,
    port: env.PORT,
    baseUrl,
    siteUrl: trimSlash(env.SITE_URL ?? baseUrl),
    mcpUrl: trimSlash(env.MCP_URL ?? baseUrl),
    docsUrl: trimSlash(env.DOCS_URL ?? `${baseUrl}/docs`),
    mcpAllowedOrigins: env.MCP_ALLOWED_ORIGINS ?? [],
    quoteTtlSeconds: env.QUOTE_TTL_SECONDS,
    holdTtlSeconds: env.HOLD_TTL_SECONDS,
    maxLiveHoldsPerAgent: env.MAX_LIVE_HOLDS_PER_AGENT,
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
    metricsToken: env.METRICS_TOKEN ?? null,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    workerMetricsHost: env.WORKER_METRICS_HOST,
    advisorSessionTtlSeconds: env.ADVISOR_SESSION_TTL_SECONDS,
    advisorSessionMaxMessages: env.ADVISOR_SESSION_MAX_MESSAGES,
    advisorLlmUrl: env.ADVISOR_LLM_URL ? trimSlash(env.ADVISOR_LLM_URL) : null,
    advisorLlmModel: env.ADVISOR_LLM_MODEL,
    advisorLlmApiKey: env.ADVISOR_LLM_API_KEY ?? null,
    webhookSecretKey: env.WEBHOOK_SECRET_KEY ?? DEVELOPMENT_MASTER_KEY,
    webhookSecretKeyPrevious: env.WEBHOOK_SECRET_KEY_PREVIOUS ?? null,
    secretsRefuseV1: env.SECRETS_REFUSE_V1,
    webhookTenantConcurrency: env.WEBHOOK_TENANT_CONCURRENCY,
    webhookMaxEndpointsPerTenant: env.WEBHOOK_MAX_ENDPOINTS_PER_TENANT,
    webhookDisableAfterHours: env.WEBHOOK_DISABLE_AFTER_HOURS,
    webhookReplayPerSecond: env.WEBHOOK_REPLAY_PER_SECOND,
    idempotencyPurgeIntervalSeconds: env.IDEMPOTENCY_PURGE_INTERVAL_SECONDS,
    faultExitAfterCharge: env.FAULT_EXIT_AFTER_CHARGE,
    oversellSweepIntervalSeconds: env.OVERSELL_SWEEP_INTERVAL_SECONDS,
    delegationMaxLifetimeSeconds: env.DELEGATION_MAX_LIFETIME_SECONDS,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    // The sandbox is the only built-in provider: outside production it is the default.
    paymentsSandbox: env.PAYMENTS_SANDBOX ?? env.NODE_ENV !== 'production',
    authFailureLimitPerMinute: env.AUTH_FAILURE_LIMIT_PER_MINUTE,
    smtpUrl: env.SMTP_URL ?? null,
    followUpFrom: env.FOLLOW_UP_FROM,
    followUpMaxPerBookingPerDay: env.FOLLOW_UP_MAX_PER_BOOKING_PER_DAY,
    followUpMaxPerTenantPerDay: env.FOLLOW_UP_MAX_PER_TENANT_PER_DAY,
    followUpSweepIntervalSeconds: env.FOLLOW_UP_SWEEP_INTERVAL_SECONDS,
    databaseReadUrl: env.DATABASE_READ_URL ?? null,
    databaseReadMaxLagSeconds: env.DATABASE_READ_MAX_LAG_SECONDS,
    apiWorkers: env.API_WORKERS.toLowerCase() === 'auto' ? 'auto' : Number(env.API_WORKERS),
    workerConcurrency: workerConcurrencySetting(env),
    paymentProvider: env.PAYMENT_PROVIDER,
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    stripeApiBase: env.STRIPE_API_BASE ? trimSlash(env.STRIPE_API_BASE) : null,
    paymentsTestMode: env.PAYMENTS_TEST_MODE ?? false,
  });
}

/** `WORKER_CONCURRENCY_HOLD_EXPIRY=32` → `{ 'hold-expiry': 32 }` (the queue name in upper snake case). */
function workerConcurrencySetting(env: Env): Partial<Record<string, number>> {
  const settings: Partial<Record<string, number>> = {};
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith(WORKER_CONCURRENCY_PREFIX) || typeof value !== 'number') continue;
    settings[key.slice(WORKER_CONCURRENCY_PREFIX.length).toLowerCase().replace(/_/g, '-')] = value;
  }
  return settings;
}

export const WORKER_CONCURRENCY_PREFIX = 'WORKER_CONCURRENCY_';

/** TRUST_PROXY as Express reads it: a boolean, a hop count, or the address list as written. */
function trustProxySetting(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return value.trim();
}

export type { z };
