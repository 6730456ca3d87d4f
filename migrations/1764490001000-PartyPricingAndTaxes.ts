import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Party pricing (docs/catalog.md "Party pricing"): a rate plan's `occupancy_pricing` (jsonb
 * `{base_adults, extra_adult, child_rates}`, null = the defaults) and, per date, `by_adults`
 * (jsonb `{"1": amount, …}`), `extra_adult` and `child_rates` overriding the plan's for that night
 * (null = the plan's). Taxes and fees need no column: they stay in the property's `taxes` and
 * `fees` jsonb, whose entries gain `amount`/`per`, `included` and `payable`.
 */
export class PartyPricingAndTaxes1764490001000 implements MigrationInterface {
  name = 'PartyPricingAndTaxes1764490001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rate_plans ADD COLUMN occupancy_pricing jsonb`);
    await db.query(`ALTER TABLE daily_rates ADD COLUMN by_adults jsonb, ADD COLUMN extra_adult bigint CHECK (extra_adult >= 0), ADD COLUMN child_rates jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE daily_rates DROP COLUMN by_adults, DROP COLUMN extra_adult, DROP COLUMN child_rates`);
    await db.query(`ALTER TABLE rate_plans DROP COLUMN occupancy_pricing`);
  }
}
