import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Supply and inventory: properties, versioned cancellation policies, room types, rate plans,
 * per-date rates and per-night inventory counters, and the FX table for display conversion.
 *
 * Inventory invariant: `held + sold <= allotment` per (room type, night), enforced by a CHECK as the
 * last line of defence behind the conditional UPDATEs of the booking chain.
 */
export class Catalog1764000000000 implements MigrationInterface {
  name = 'Catalog1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE properties (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text,
        star_rating numeric(2,1) CHECK (star_rating BETWEEN 0 AND 5),
        address_line1 text,
        address_line2 text,
        city text,
        region text,
        country char(2),
        postal_code text,
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lng double precision CHECK (lng BETWEEN -180 AND 180),
        timezone text NOT NULL DEFAULT 'UTC',
        default_currency char(3) NOT NULL,
        amenities text[] NOT NULL DEFAULT '{}',
        images text[] NOT NULL DEFAULT '{}',
        phone text,
        email text,
        pets_allowed boolean NOT NULL DEFAULT false,
        number_of_rooms integer CHECK (number_of_rooms >= 0),
        checkin_time text,
        checkout_time text,
        -- [{code, name, rate_bps}]: percentage taxes on the room subtotal, in basis points
        taxes jsonb NOT NULL DEFAULT '[]',
        -- [{code, name, amount, per: 'stay'|'night'}]: fixed fees in minor units of the rate plan currency
        fees jsonb NOT NULL DEFAULT '[]',
        promoted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((lat IS NULL) = (lng IS NULL)),
        UNIQUE (tenant_id, slug)
      )`);
    await db.query(`CREATE INDEX properties_promoted_city_idx ON properties (tenant_id, lower(city)) WHERE promoted_at IS NOT NULL`);
    await db.query(`
      CREATE TABLE policies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        code text NOT NULL,
        version text NOT NULL,
        cancellation_kind text NOT NULL CHECK (cancellation_kind IN ('free_cancellation', 'non_refundable')),
        free_cancellation_hours_before_checkin integer NOT NULL DEFAULT 0 CHECK (free_cancellation_hours_before_checkin >= 0),
        cancellation_fee_pct_after_cutoff numeric(5,2) NOT NULL DEFAULT 100 CHECK (cancellation_fee_pct_after_cutoff BETWEEN 0 AND 100),
        child_policy_text text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (property_id, code, version)
      )`);
    await db.query(`
      CREATE TABLE room_types (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        code text NOT NULL,
        name text NOT NULL,
        description text,
        max_occupancy integer NOT NULL CHECK (max_occupancy BETWEEN 1 AND 40),
        bed_type text,
        floor_size_sqm numeric(7,2),
        amenities text[] NOT NULL DEFAULT '{}',
        images text[] NOT NULL DEFAULT '{}',
        smoking_allowed boolean NOT NULL DEFAULT false,
        default_inventory integer NOT NULL CHECK (default_inventory >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (property_id, code)
      )`);
    await db.query(`CREATE INDEX room_types_property_idx ON room_types (property_id)`);
    await db.query(`
      CREATE TABLE rate_plans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        room_type_id uuid NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
        code text NOT NULL,
        name text NOT NULL,
        currency char(3) NOT NULL,
        -- minor units per night when no per-date rate is set
        base_rate_amount bigint NOT NULL CHECK (base_rate_amount >= 0),
        meal_plan text NOT NULL DEFAULT 'room_only',
        -- the current policy version; NULL means the plan cannot be quoted
        policy_id uuid REFERENCES policies(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (room_type_id, code)
      )`);
    await db.query(`CREATE INDEX rate_plans_room_type_idx ON rate_plans (room_type_id)`);
    await db.query(`
      CREATE TABLE daily_rates (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        rate_plan_id uuid NOT NULL REFERENCES rate_plans(id) ON DELETE CASCADE,
        night date NOT NULL,
        amount bigint NOT NULL CHECK (amount >= 0),
        PRIMARY KEY (rate_plan_id, night)
      )`);
    await db.query(`
      CREATE TABLE inventory_nights (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        room_type_id uuid NOT NULL REFERENCES room_types(id) ON DELETE CASCADE,
        night date NOT NULL,
        -- effective allotment: the room type's default_inventory unless overridden for this night
        allotment integer NOT NULL CHECK (allotment >= 0),
        allotment_overridden boolean NOT NULL DEFAULT false,
        held integer NOT NULL DEFAULT 0 CHECK (held >= 0),
        sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
        PRIMARY KEY (room_type_id, night),
        CONSTRAINT inventory_within_allotment CHECK (held + sold <= allotment)
      )`);
    await db.query(`
      CREATE TABLE fx_rates (
        base char(3) NOT NULL,
        quote char(3) NOT NULL,
        rate numeric(18,8) NOT NULL CHECK (rate > 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (base, quote)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['fx_rates', 'inventory_nights', 'daily_rates', 'rate_plans', 'room_types', 'policies', 'properties']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
