/**
 * Where the tests run: a dedicated database (never the dev one) and a dedicated Redis logical
 * database. HCS_TEST_DB and HCS_TEST_REDIS_DB let parallel checkouts keep out of each other's way.
 */
export const TEST_DB_BASE = process.env.HCS_TEST_DB ?? 'hcs_test';
/**
 * Each jest worker process has a database of its own, copied from the migrated base at the start of
 * the run (test/support/global-setup.ts): one worker runs one file at a time, so the worker and api
 * processes a file starts sweep, expire and relay only that file's rows, never those of a file
 * running beside it in the other jest worker. Outside a jest worker (the global setup), the base.
 */
export const testDbName = (jestWorker: string | undefined): string => (jestWorker ? `${TEST_DB_BASE}_w${jestWorker}` : TEST_DB_BASE);
export const TEST_DB_NAME = testDbName(process.env.JEST_WORKER_ID);
export const TEST_REDIS_DB = process.env.HCS_TEST_REDIS_DB ?? '15';
const PG_HOST = process.env.HCS_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_HOST = process.env.HCS_TEST_REDIS ?? 'redis://127.0.0.1:6379';

if (!/test/.test(TEST_DB_BASE)) throw new Error(`Refusing to run tests on database "${TEST_DB_BASE}": its name must contain "test"`);

export const testDatabaseUrl = (name: string): string => `${PG_HOST}/${name}`;
export const TEST_DATABASE_URL = testDatabaseUrl(TEST_DB_NAME);
export const TEST_REDIS_URL = `${REDIS_HOST}/${TEST_REDIS_DB}`;
export const ADMIN_DATABASE_URL = `${PG_HOST}/postgres`;
