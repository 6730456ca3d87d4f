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
const secondsList = z
  .string()
  .regex(/^\d+(\s*,\s*\d+)*$/, 'expected a comma-separated list of seconds')
  .transform((v) => v.split(',').map((s) => Number(s.trim())));

/** Every environment variable the api, worker and CLI read (CONTRACT §1), with its default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/hotel_commerce'),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i, 'expected letters, digits, :, _ or -')
    .default('hcs'),
  PORT: z.coerce.number({ message: 'expected a number' }).int().min(0).max(65535).default(3000),
  BASE_URL: url(['http:', 'https:']).optional(),
  SITE_URL: url(['http:', 'https:']).optional(),
  MCP_URL: url(['http:', 'https:']).optional(),
  DOCS_URL: url(['http:', 'https:']).optional(),
  QUOTE_TTL_SECONDS: positiveInt.default(600),
  HOLD_TTL_SECONDS: positiveInt.default(900),
  HOLD_SWEEP_INTERVAL_SECONDS: positiveInt.default(30),
  PAYMENT_TIMEOUT_MS: positiveInt.default(10000),
  IDEMPOTENCY_TTL_HOURS: positiveInt.default(24),
  WEBHOOK_RETRY_SCHEDULE: secondsList.default([10, 60, 300, 1800, 7200, 21600, 43200]),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  RATE_LIMIT_ANON_PER_MINUTE: positiveInt.default(120),
  OAUTH_ENABLED: bool.default(true),
  DELEGATION_AUDIENCE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  FOLLOW_UP_FROM: z.string().min(3).default('Hospitality Commerce Service <no-reply@localhost>'),
  FOLLOW_UP_SWEEP_INTERVAL_SECONDS: positiveInt.default(30),
});

export type Env = z.infer<typeof envSchema>;
