import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0'], { message: 'expected true or false' }).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number({ message: 'expected a number' }).int('expected an integer').positive('expected > 0');
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `expected a ${protocols.join(' or ')} URL`,
  );
/** `host:port` seeds, comma-separated (an IPv6 host in brackets: `[::1]:7000`). */
const redisNodes = z
  .string()
  .regex(/^\s*(\[[0-9a-f:.]+\]|[a-z0-9._-]+):\d{1,5}\s*(,\s*(\[[0-9a-f:.]+\]|[a-z0-9._-]+):\d{1,5}\s*)*$/i, 'expected comma-separated host:port seeds')
  .transform((v) =>
    v.split(',').map((seed) => {
      const at = seed.trim().lastIndexOf(':');
      return {
        host: seed
          .trim()
          .slice(0, at)
          .replace(/^\[(.*)\]$/, '$1'),
        port: Number(seed.trim().slice(at + 1)),
      };
    }),
  )
  .refine((nodes) => nodes.every((n) => n.port >= 1 && n.port <= 65535), 'expected ports between 1 and 65535');
const originList = z
  .string()
  .refine(
    (value) =>
      value.split(',').every((item) => {
        try {
          const url = new URL(item.trim());
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === item.trim().replace(/\/+$/, '').toLowerCase();
        } catch {
          return false;
        }
      }),
    'expected a comma-separated list of origins (scheme://host[:port])',
  )
  .transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '').toLowerCase()));
const secondsList = z
  .string()
  .regex(/^\d+(\s*,\s*\d+)*$/, 'expected a comma-separated list of seconds')
  .transform((v) => v.split(',').map((s) => Number(s.trim())));

/** Every environment variable the api, worker and CLI read (docs/api-contract.md "Configuration"), with its default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/hotel_commerce'),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  // Through PgBouncer in transaction pooling (docs/scaling.md, "Through a connection pooler"):
  // statements go unnamed and connections carry no startup parameters; DATABASE_DIRECT_URL reaches
  // Postgres around the pooler for what needs a session of its own (LISTEN, the migration lock).
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  DATABASE_DIRECT_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  // Redis Cluster seeds; when set they win over REDIS_URL (docs/redis-cluster.md).
  REDIS_CLUSTER_NODES: redisNodes.optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i, 'expected letters, digits, :, _ or -')
    .default('hcs'),
  PORT: z.coerce.number({ message: 'expected a number' }).int().min(0).max(65535).default(3000),
  BASE_URL: url(['http:', 'https:']).optional(),
  SITE_URL: url(['http:', 'https:']).optional(),
  MCP_URL: url(['http:', 'https:']).optional(),
  DOCS_URL: url(['http:', 'https:']).optional(),
  MCP_ALLOWED_ORIGINS: originList.optional(),
  QUOTE_TTL_SECONDS: positiveInt.default(600),
  HOLD_TTL_SECONDS: positiveInt.default(900),
  HOLD_SWEEP_INTERVAL_SECONDS: positiveInt.default(30),
  // Live holds one agent may have at once (docs/booking-chain.md "Hold"): no agent hoards inventory.
  MAX_LIVE_HOLDS_PER_AGENT: positiveInt.default(200),
  PAYMENT_TIMEOUT_MS: positiveInt.default(10000),
  IDEMPOTENCY_TTL_HOURS: positiveInt.default(24),
  WEBHOOK_RETRY_SCHEDULE: secondsList.default([10, 60, 300, 1800, 7200, 21600, 43200]),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  RATE_LIMIT_ANON_PER_MINUTE: positiveInt.default(120),
  OAUTH_ENABLED: bool.default(true),
  DELEGATION_AUDIENCE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  WORKER_METRICS_PORT: z.coerce.number({ message: 'expected a number' }).int().min(0).max(65535).default(9464),
  WORKER_METRICS_HOST: z.string().min(1).default('0.0.0.0'),
  ADVISOR_SESSION_TTL_SECONDS: positiveInt.default(3600),
  ADVISOR_SESSION_MAX_MESSAGES: z.coerce.number({ message: 'expected a number' }).int().min(3).max(10_000).default(200),
  ADVISOR_LLM_URL: url(['http:', 'https:']).optional(),
  ADVISOR_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ADVISOR_LLM_API_KEY: z.string().min(1).optional(),
  WEBHOOK_SECRET_KEY: z.string().min(32, 'expected at least 32 characters').optional(),
  // The master key before a rotation, still accepted for reading (docs/security.md "Keys at rest").
  WEBHOOK_SECRET_KEY_PREVIOUS: z.string().min(32, 'expected at least 32 characters').optional(),
  // After `hcs keys reseal` (docs/security.md "Keys at rest"): refuse v1 ciphertexts, sealed without associated data.
  SECRETS_REFUSE_V1: bool.default(false),
  WEBHOOK_TENANT_CONCURRENCY: positiveInt.default(8),
  WEBHOOK_MAX_ENDPOINTS_PER_TENANT: positiveInt.default(16),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number({ message: 'expected a number' }).positive('expected > 0').default(72),
  WEBHOOK_REPLAY_PER_SECOND: positiveInt.default(10),
  IDEMPOTENCY_PURGE_INTERVAL_SECONDS: positiveInt.default(300),
  // Test-only fault hook (docs/operations-faults.md): ignored unless NODE_ENV=test.
  FAULT_EXIT_AFTER_CHARGE: bool.default(false),
  OVERSELL_SWEEP_INTERVAL_SECONDS: positiveInt.default(60),
  DELEGATION_MAX_LIFETIME_SECONDS: positiveInt.default(900),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|\s*(loopback|linklocal|uniquelocal|[0-9a-f.:/]+)\s*(,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:/]+)\s*)*)$/i,
      'expected false, true, a hop count, or addresses/subnets (comma-separated)',
    )
    .default('false'),
  PAYMENTS_SANDBOX: bool.optional(),
  AUTH_FAILURE_LIMIT_PER_MINUTE: positiveInt.default(120),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  FOLLOW_UP_FROM: z.string().min(3).default('Hospitality Commerce Service <no-reply@localhost>'),
  FOLLOW_UP_MAX_PER_BOOKING_PER_DAY: positiveInt.default(10),
  FOLLOW_UP_MAX_PER_TENANT_PER_DAY: positiveInt.default(500),
  FOLLOW_UP_SWEEP_INTERVAL_SECONDS: positiveInt.default(30),
  // Scaling (docs/scaling.md): a streaming replica for lag-tolerant reads, api processes per
  // machine, and per-queue concurrency of each worker process.
  DATABASE_READ_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number({ message: 'expected a number' }).positive('expected > 0').default(5),
  API_WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d{0,2})$/i, 'expected auto or a number of processes (1-999)')
    .default('1'),
  WORKER_CONCURRENCY_HOLD_EXPIRY: positiveInt.optional(),
  WORKER_CONCURRENCY_OUTBOX_RELAY: positiveInt.optional(),
  WORKER_CONCURRENCY_WEBHOOK_DELIVERY: positiveInt.optional(),
  WORKER_CONCURRENCY_OVERSELL_SWEEP: positiveInt.optional(),
  WORKER_CONCURRENCY_GUEST_FOLLOW_UP: positiveInt.optional(),
  // The card payment provider (docs/payments.md): the built-in sandbox or Stripe.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'expected a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'expected a webhook signing secret (whsec_...)')
    .optional(),
  // Where the SDK sends its requests; tests point it at a local stand-in. Unset: Stripe's own API.
  STRIPE_API_BASE: url(['http:', 'https:']).optional(),
  PAYMENTS_TEST_MODE: bool.optional(),
});

export type Env = z.infer<typeof envSchema>;
