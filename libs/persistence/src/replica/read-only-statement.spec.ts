import { isReadOnlyStatement } from './read-only-statement';

describe('isReadOnlyStatement', () => {
  it.each([
    'SELECT 1',
    '  select p.id, p.updated_at FROM properties p WHERE p.tenant_id = $1',
    "WITH nights AS (SELECT d FROM generate_series($1::date, $2::date, interval '1 day') d) SELECT * FROM nights",
    '(SELECT 1) UNION (SELECT 2)',
    'SELECT "p"."deleted_at" FROM "properties" "p"',
  ])('lets a replica answer %s', (sql) => {
    expect(isReadOnlyStatement(sql)).toBe(true);
  });

  it.each([
    'INSERT INTO properties (id) VALUES ($1)',
    'UPDATE inventory SET held = held + 1',
    'DELETE FROM holds',
    'WITH moved AS (DELETE FROM outbox RETURNING *) SELECT * FROM moved',
    'SELECT * FROM holds WHERE id = $1 FOR UPDATE',
    'SELECT * FROM holds WHERE id = $1 FOR NO KEY UPDATE',
    'SELECT * FROM inventory FOR SHARE',
    'SELECT pg_advisory_xact_lock(1)',
    "SELECT nextval('receipt_seq')",
    "SELECT set_config('app.tenant', $1, true)",
    'START TRANSACTION',
    'BEGIN',
    'COMMIT',
    'SET statement_timeout = 0',
    '',
  ])('sends %s to the primary', (sql) => {
    expect(isReadOnlyStatement(sql)).toBe(false);
  });
});
