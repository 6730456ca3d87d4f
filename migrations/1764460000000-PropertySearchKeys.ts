import { MigrationInterface, QueryRunner } from 'typeorm';

const KEYS = [
  ['search_city', 'lower(city)'],
  ['search_region', 'lower(region)'],
  ['search_country', 'lower(country::text)'],
  ['search_name', 'lower(name)'],
] as const;

/**
 * The search's destination match compares lowercased city, region, country and name with the
 * query's area on every promoted property of the tenant (a name matches anywhere in it, so no
 * index can narrow the scan). Computing `lower()` four times per row was 1.5 ms of a 3.3 ms search
 * on a 1,000-property tenant; stored generated columns keep the lowercased values with the row,
 * and the same scan costs 0.3 ms (docs/performance.md, "Search's destination match").
 */
export class PropertySearchKeys1764460000000 implements MigrationInterface {
  name = 'PropertySearchKeys1764460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE properties ${KEYS.map(([column, expression]) => `ADD COLUMN ${column} text GENERATED ALWAYS AS (${expression}) STORED`).join(', ')}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE properties ${KEYS.map(([column]) => `DROP COLUMN ${column}`).join(', ')}`);
  }
}
