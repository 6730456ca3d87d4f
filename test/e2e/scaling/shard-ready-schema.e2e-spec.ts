import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { TEST_DATABASE_URL } from '../../support/test-database';

/**
 * The shard-ready schema rule (docs/scaling.md "The path past one primary: Citus"), read from the
 * migrated schema: every table but the reference tables carries `tenant_id`, and every primary key,
 * unique constraint or unique index of a tenant-scoped table, and every foreign key between
 * tenant-scoped tables, includes `tenant_id`. Any key that lacks it fails the test.
 */
const REFERENCE_TABLES = ['payment_provider_events', 'receipt_keys', 'schema_migrations', 'signing_keys', 'tenants'];

const VIOLATIONS_SQL = `
WITH tenant_tables AS (
  SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid=c.relnamespace
  WHERE n.nspname='public' AND c.relkind IN ('r','p') AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid=c.oid AND a.attname='tenant_id' AND NOT a.attisdropped)
)
SELECT t.relname || '.' || con.conname AS violation
FROM pg_constraint con JOIN tenant_tables t ON t.oid=con.conrelid
WHERE con.contype IN ('p','u','f')
  AND (con.contype<>'f' OR con.confrelid IN (SELECT oid FROM tenant_tables))
  AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid=con.conrelid AND a.attnum = ANY(con.conkey) AND a.attname='tenant_id')
UNION
SELECT t.relname || '.' || i.relname AS violation
FROM pg_index x JOIN tenant_tables t ON t.oid=x.indrelid JOIN pg_class i ON i.oid=x.indexrelid
WHERE x.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid=x.indexrelid)
  AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid=x.indrelid AND a.attnum = ANY(x.indkey::int2[]) AND a.attname='tenant_id')
ORDER BY 1`;

describe('shard-ready schema (tenant_id in every tenant-scoped table and key)', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: TEST_DATABASE_URL });
    await db.initialize();
  });
  afterAll(() => db?.destroy());

  it('gives every table but the reference tables a tenant_id column', async () => {
    const rows: Array<{ table_name: string }> = await db.query(
      `SELECT t.table_name FROM information_schema.tables t
        WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND NOT EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'tenant_id')
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(REFERENCE_TABLES);
  });

  it('has no primary key, unique constraint, unique index or foreign key between tenant-scoped tables without tenant_id', async () => {
    const rows: Array<{ violation: string }> = await db.query(VIOLATIONS_SQL);
    expect(rows.map((r) => r.violation)).toEqual([]);
  });

  it('lists every reference table in docs/scaling.md', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/scaling.md'), 'utf8');
    const citus = doc.slice(doc.indexOf('## The path past one primary: Citus'));
    const listed = citus.slice(citus.indexOf('Reference tables'));
    expect(REFERENCE_TABLES.filter((t) => !listed.includes(`\`${t}\``))).toEqual([]);
  });
});
