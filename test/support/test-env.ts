import { TEST_DATABASE_URL, TEST_REDIS_URL } from './test-database';

// Every test process talks to the test database and Redis, quietly, whatever the shell says.
process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.REDIS_URL = TEST_REDIS_URL;
process.env.DATABASE_POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '6';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.QUEUE_PREFIX = `hcs-test-${process.pid}`;
// Every spec of a jest worker calls from 127.0.0.1 within the same minute: the per-IP budget of
// public and anonymous calls would leak from file to file. Rate-limit specs set their own limits.
process.env.RATE_LIMIT_ANON_PER_MINUTE = process.env.HCS_TEST_RATE_LIMIT_ANON ?? '100000';
// Workers spawned by tests serve no metrics unless a test asks for a port (parallel runs collide).
process.env.WORKER_METRICS_PORT = process.env.HCS_TEST_WORKER_METRICS_PORT ?? '0';
// The worker processes a spec starts relay every event of its jest worker's database (one per jest
// worker, test/support/test-database.ts): they deliver to loopback receivers and retry on a short
// schedule (docs/events.md).
process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
process.env.WEBHOOK_RETRY_SCHEDULE = '1,2';
// Production-mode specs boot too: production requires a key for webhook secrets at rest.
process.env.WEBHOOK_SECRET_KEY = process.env.WEBHOOK_SECRET_KEY ?? 'test-only webhook secret key, at least 32 characters';
// The same for failed authentications per IP, which many specs make on purpose.
process.env.AUTH_FAILURE_LIMIT_PER_MINUTE = process.env.HCS_TEST_AUTH_FAILURE_LIMIT ?? '100000';
