import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The ORM entity classes describe tables the migrations create (migrations are the only way the
 * schema changes): every entity's table, columns and nullability must match the migrated database,
 * so an entity cannot drift from the schema unnoticed.
 */
describe('ORM entities match the migrated schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every entity column exists in its table with the same nullability', async () => {
    const db = t.app.get(DataSource);
    const rows = (await db.query(`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`)) as Array<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
    }>;
    const schema = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable === 'YES']));
    const problems: string[] = [];
    expect(db.entityMetadatas.length).toBeGreaterThan(0);
    for (const entity of db.entityMetadatas) {
      if (!rows.some((r) => r.table_name === entity.tableName)) {
        problems.push(`${entity.name}: table ${entity.tableName} does not exist`);
        continue;
      }
      for (const column of entity.columns) {
        const key = `${entity.tableName}.${column.databaseName}`;
        if (!schema.has(key)) problems.push(`${entity.name}: column ${key} does not exist`);
        else if (!column.isPrimary && schema.get(key) !== column.isNullable) {
          problems.push(
            `${entity.name}: ${key} is ${schema.get(key) ? 'nullable' : 'NOT NULL'} in the schema, ${column.isNullable ? 'nullable' : 'NOT NULL'} in the entity`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
