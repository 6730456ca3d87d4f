/**
 * Where the tests run: a dedicated database (never the dev one) and a dedicated Redis logical
 * database. HCS_TEST_DB and HCS_TEST_REDIS_DB let parallel checkouts keep out of each other's way.
 */
export const TEST_DB_NAME = process.env.HCS_TEST_DB ?? 'hcs_test';
export const TEST_REDIS_DB = process.env.HCS_TEST_REDIS_DB ?? '15';
const PG_HOST = process.env.HCS_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_HOST = process.env.HCS_TEST_REDIS ?? 'redis://127.0.0.1:6379';

if (!/test/.test(TEST_DB_NAME)) throw new Error(`Refusing to run tests on database "${TEST_DB_NAME}": its name must contain "test"`);

export const TEST_DATABASE_URL = `${PG_HOST}/${TEST_DB_NAME}`;
export const TEST_REDIS_URL = `${REDIS_HOST}/${TEST_REDIS_DB}`;
export const ADMIN_DATABASE_URL = `${PG_HOST}/postgres`;
