import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Party pricing (docs/catalog.md "Party pricing"): a rate plan's `occupancy_pricing` (jsonb
 * `{base_adults, extra_adult, child_rates}`, null = the defaults) and, per date, `by_adults`
 * (jsonb `{"1": amount, …}`), `extra_adult` and `child_rates` overriding the plan's for that night
 * (null = the plan's). Taxes and fees need no column: they stay in the property's `taxes` and
 * `fees` jsonb, whose entries gain `amount`/`per`, `included` and `payable`.
 *
 * `hcs_party_night` is the night price of a party as `partyNightPrice` computes it
 * (libs/domain/src/booking/rules/party-price.ts), for search to rank and filter on: `by_adults`
 * for the adults if it names them, else the amount plus the adults above `base_adults` at
 * `extra_adult`; plus each child at the first bracket whose `max_age` reaches its age, else at
 * `extra_adult`.
 */
export class PartyPricingAndTaxes1764490001000 implements MigrationInterface {
  name = 'PartyPricingAndTaxes1764490001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rate_plans ADD COLUMN occupancy_pricing jsonb`);
    await db.query(`ALTER TABLE daily_rates ADD COLUMN by_adults jsonb, ADD COLUMN extra_adult bigint CHECK (extra_adult >= 0), ADD COLUMN child_rates jsonb`);
    await db.query(`
      CREATE FUNCTION hcs_party_night(amount bigint, by_adults jsonb, extra_adult bigint, child_rates jsonb, base_adults int, adults int, ages int[])
      RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce((by_adults ->> adults::text)::bigint, amount + greatest(0, adults - base_adults) * extra_adult)
             + coalesce((SELECT sum(coalesce(
                   (SELECT (b ->> 'amount')::bigint FROM jsonb_array_elements(child_rates) b
                     WHERE (b ->> 'max_age')::int >= age ORDER BY (b ->> 'max_age')::int LIMIT 1),
                   extra_adult)) FROM unnest(ages) AS age), 0)::bigint
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION hcs_party_night(bigint, jsonb, bigint, jsonb, int, int, int[])`);
    await db.query(`ALTER TABLE daily_rates DROP COLUMN by_adults, DROP COLUMN extra_adult, DROP COLUMN child_rates`);
    await db.query(`ALTER TABLE rate_plans DROP COLUMN occupancy_pricing`);
  }
}
