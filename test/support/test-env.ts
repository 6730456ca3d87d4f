import { TEST_DATABASE_URL, TEST_REDIS_URL } from './test-database';

// Every test process talks to the test database and Redis, quietly, whatever the shell says.
process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.REDIS_URL = TEST_REDIS_URL;
process.env.DATABASE_POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '6';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.QUEUE_PREFIX = `hcs-test-${process.pid}`;
