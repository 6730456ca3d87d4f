import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shard-ready schema (docs/scaling.md "The path past one primary: Citus"): every primary key,
 * unique constraint or unique index of a tenant-scoped table, and every foreign key between
 * tenant-scoped tables, includes `tenant_id`, so a tenant's rows can be co-located on one shard
 * with `tenant_id` as the distribution column. No behaviour changes: ids stay uuids (or sequence
 * numbers) that are unique on their own; the wider keys only add the tenant in front.
 *
 * Order: foreign keys between tenant-scoped tables are dropped first (they depend on the keys they
 * point at), then keys are swapped, then the foreign keys come back as (tenant_id, col) →
 * (tenant_id, id) with the same ON DELETE behaviour. `down()` restores the previous keys the same
 * way. Works on a database with data: every row already carries its tenant, and a child row's
 * tenant is its parent's.
 */

/** Tables whose primary key becomes (tenant_id, <columns>). */
const PRIMARY_KEYS: Array<[table: string, columns: string]> = [
  ['advisor_messages', 'id'],
  ['advisor_sessions', 'id'],
  ['audit_events', 'id'],
  ['booking_authorizations', 'id'],
  ['bookings', 'id'],
  ['credentials', 'id'],
  ['daily_rates', 'rate_plan_id, night'],
  ['follow_ups', 'id'],
  ['holds', 'id'],
  ['inventory_nights', 'room_type_id, night'],
  ['outbox_events', 'id'],
  ['oversell_incidents', 'id'],
  ['payment_attempts', 'id'],
  ['payments', 'id'],
  ['policies', 'id'],
  ['principals', 'id'],
  ['properties', 'id'],
  ['quotes', 'id'],
  ['rate_plans', 'id'],
  ['refunds', 'id'],
  ['room_types', 'id'],
  ['webhook_deliveries', 'id'],
  ['webhook_delivery_attempts', 'id'],
  ['webhook_endpoints', 'id'],
];

/**
 * Tables whose `tenant_id` is null for platform-wide rows (platform delegation issuers, platform FX
 * rates): a primary key cannot hold a null, so their identity becomes the unique key
 * (tenant_id, id) with nulls not distinct. Under Citus the platform rows move to reference tables
 * of their own first (docs/scaling.md).
 */
const NULLABLE_TENANT_KEYS = ['delegation_issuers', 'fx_rates'];

/** Unique constraints: [table, old name, old columns, new name]; the new columns are tenant_id + old. */
const UNIQUE_CONSTRAINTS: Array<[table: string, before: string, columns: string, after: string]> = [
  ['advisor_messages', 'advisor_messages_session_id_seq_key', 'session_id, seq', 'advisor_messages_tenant_id_session_id_seq_key'],
  ['bookings', 'bookings_hold_id_key', 'hold_id', 'bookings_tenant_id_hold_id_key'],
  ['credentials', 'credentials_secret_hash_key', 'secret_hash', 'credentials_tenant_id_secret_hash_key'],
  ['payments', 'payments_attempt_id_key', 'attempt_id', 'payments_tenant_id_attempt_id_key'],
  ['payments', 'payments_booking_id_key', 'booking_id', 'payments_tenant_id_booking_id_key'],
  ['policies', 'policies_property_id_code_version_key', 'property_id, code, version', 'policies_tenant_id_property_id_code_version_key'],
  ['rate_plans', 'rate_plans_room_type_id_code_key', 'room_type_id, code', 'rate_plans_tenant_id_room_type_id_code_key'],
  ['room_types', 'room_types_property_id_code_key', 'property_id, code', 'room_types_tenant_id_property_id_code_key'],
  ['sandbox_charges', 'sandbox_charges_charge_id_key', 'charge_id', 'sandbox_charges_tenant_id_charge_id_key'],
  ['sandbox_refunds', 'sandbox_refunds_refund_ref_key', 'refund_ref', 'sandbox_refunds_tenant_id_refund_ref_key'],
  ['webhook_deliveries', 'webhook_deliveries_endpoint_id_event_id_key', 'endpoint_id, event_id', 'webhook_deliveries_tenant_id_endpoint_id_event_id_key'],
];

/** Partial unique indexes, recreated under the same name: [name, table, old definition, new definition]. */
const UNIQUE_INDEXES: Array<[name: string, table: string, before: string, after: string]> = [
  [
    'delegation_issuers_platform_iss_idx',
    'delegation_issuers',
    '(iss) WHERE tenant_id IS NULL',
    // Every row of this index has a null tenant: nulls not distinct keeps one platform issuer per
    // iss, and iss leads so the platform look-up by iss stays a key look-up.
    '(iss, tenant_id) NULLS NOT DISTINCT WHERE tenant_id IS NULL',
  ],
  ['follow_ups_booking_origin_uq', 'follow_ups', `(booking_id, kind) WHERE origin = 'booking'`, `(tenant_id, booking_id, kind) WHERE origin = 'booking'`],
  ['oversell_incidents_one_open', 'oversell_incidents', `(room_type_id, night) WHERE state = 'open'`, `(tenant_id, room_type_id, night) WHERE state = 'open'`],
];

/**
 * Plain indexes for the look-ups made without the tenant: a credential by the hash of the presented
 * secret (authentication finds the tenant from it) and by its id (an access token names its
 * credential); outbox events marked relayed by id (the relay's port names events by id alone).
 */
const LOOKUP_INDEXES: Array<[name: string, table: string, columns: string]> = [
  ['credentials_secret_hash_idx', 'credentials', 'secret_hash'],
  ['credentials_id_idx', 'credentials', 'id'],
  ['outbox_events_id_idx', 'outbox_events', 'id'],
];

/** Foreign keys between tenant-scoped tables: [table, name, column, referenced table, ON DELETE clause]. */
const FOREIGN_KEYS: Array<[table: string, name: string, column: string, references: string, onDelete: string]> = [
  ['advisor_messages', 'advisor_messages_session_id_fkey', 'session_id', 'advisor_sessions', 'ON DELETE CASCADE'],
  ['booking_authorizations', 'booking_authorizations_agent_id_fkey', 'agent_id', 'principals', ''],
  ['booking_authorizations', 'booking_authorizations_claimed_by_hold_id_fkey', 'claimed_by_hold_id', 'holds', ''],
  ['booking_authorizations', 'booking_authorizations_created_by_fkey', 'created_by', 'principals', ''],
  ['bookings', 'bookings_agent_id_fkey', 'agent_id', 'principals', ''],
  ['bookings', 'bookings_booking_authorization_id_fkey', 'booking_authorization_id', 'booking_authorizations', ''],
  ['bookings', 'bookings_hold_id_fkey', 'hold_id', 'holds', ''],
  ['bookings', 'bookings_property_id_fkey', 'property_id', 'properties', ''],
  ['bookings', 'bookings_quote_id_fkey', 'quote_id', 'quotes', ''],
  ['bookings', 'bookings_rate_plan_id_fkey', 'rate_plan_id', 'rate_plans', ''],
  ['bookings', 'bookings_room_type_id_fkey', 'room_type_id', 'room_types', ''],
  ['credentials', 'credentials_principal_id_fkey', 'principal_id', 'principals', 'ON DELETE CASCADE'],
  ['daily_rates', 'daily_rates_rate_plan_id_fkey', 'rate_plan_id', 'rate_plans', 'ON DELETE CASCADE'],
  ['follow_ups', 'follow_ups_booking_id_fkey', 'booking_id', 'bookings', 'ON DELETE CASCADE'],
  ['holds', 'holds_agent_id_fkey', 'agent_id', 'principals', ''],
  ['holds', 'holds_quote_id_fkey', 'quote_id', 'quotes', 'ON DELETE CASCADE'],
  ['holds', 'holds_room_type_id_fkey', 'room_type_id', 'room_types', 'ON DELETE CASCADE'],
  ['inventory_nights', 'inventory_nights_room_type_id_fkey', 'room_type_id', 'room_types', 'ON DELETE CASCADE'],
  ['oversell_incidents', 'oversell_incidents_property_id_fkey', 'property_id', 'properties', ''],
  ['oversell_incidents', 'oversell_incidents_room_type_id_fkey', 'room_type_id', 'room_types', ''],
  ['payment_attempts', 'payment_attempts_hold_id_fkey', 'hold_id', 'holds', ''],
  ['payments', 'payments_attempt_id_fkey', 'attempt_id', 'payment_attempts', ''],
  ['payments', 'payments_booking_id_fkey', 'booking_id', 'bookings', ''],
  ['policies', 'policies_property_id_fkey', 'property_id', 'properties', 'ON DELETE CASCADE'],
  ['quotes', 'quotes_agent_id_fkey', 'agent_id', 'principals', ''],
  ['quotes', 'quotes_property_id_fkey', 'property_id', 'properties', 'ON DELETE CASCADE'],
  ['quotes', 'quotes_rate_plan_id_fkey', 'rate_plan_id', 'rate_plans', 'ON DELETE CASCADE'],
  ['quotes', 'quotes_room_type_id_fkey', 'room_type_id', 'room_types', 'ON DELETE CASCADE'],
  ['rate_plans', 'rate_plans_policy_id_fkey', 'policy_id', 'policies', ''],
  ['rate_plans', 'rate_plans_property_id_fkey', 'property_id', 'properties', 'ON DELETE CASCADE'],
  ['rate_plans', 'rate_plans_room_type_id_fkey', 'room_type_id', 'room_types', 'ON DELETE CASCADE'],
  ['refunds', 'refunds_booking_id_fkey', 'booking_id', 'bookings', ''],
  ['refunds', 'refunds_payment_id_fkey', 'payment_id', 'payments', ''],
  ['room_types', 'room_types_property_id_fkey', 'property_id', 'properties', 'ON DELETE CASCADE'],
  ['webhook_deliveries', 'webhook_deliveries_endpoint_id_fkey', 'endpoint_id', 'webhook_endpoints', 'ON DELETE CASCADE'],
  ['webhook_deliveries', 'webhook_deliveries_event_id_fkey', 'event_id', 'outbox_events', 'ON DELETE CASCADE'],
  ['webhook_delivery_attempts', 'webhook_delivery_attempts_delivery_id_fkey', 'delivery_id', 'webhook_deliveries', 'ON DELETE CASCADE'],
];

export class ShardReadyKeys1764425000000 implements MigrationInterface {
  name = 'ShardReadyKeys1764425000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, name] of FOREIGN_KEYS) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    for (const [table, columns] of PRIMARY_KEYS)
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (tenant_id, ${columns})`);
    for (const table of NULLABLE_TENANT_KEYS)
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_tenant_id_id_key UNIQUE NULLS NOT DISTINCT (tenant_id, id)`);
    for (const [table, before, columns, after] of UNIQUE_CONSTRAINTS)
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${before}, ADD CONSTRAINT ${after} UNIQUE (tenant_id, ${columns})`);
    for (const [name, table, , after] of UNIQUE_INDEXES) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(`CREATE UNIQUE INDEX ${name} ON ${table} ${after}`);
    }
    for (const [name, table, columns] of LOOKUP_INDEXES) await db.query(`CREATE INDEX ${name} ON ${table} (${columns})`);
    for (const [table, name, column, references, onDelete] of FOREIGN_KEYS)
      await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} FOREIGN KEY (tenant_id, ${column}) REFERENCES ${references} (tenant_id, id) ${onDelete}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, name] of FOREIGN_KEYS) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    for (const [name] of LOOKUP_INDEXES) await db.query(`DROP INDEX ${name}`);
    for (const [name, table, before] of UNIQUE_INDEXES) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(`CREATE UNIQUE INDEX ${name} ON ${table} ${before}`);
    }
    for (const [table, before, columns, after] of UNIQUE_CONSTRAINTS)
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${after}, ADD CONSTRAINT ${before} UNIQUE (${columns})`);
    for (const table of NULLABLE_TENANT_KEYS)
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_tenant_id_id_key, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id)`);
    for (const [table, columns] of PRIMARY_KEYS)
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${columns})`);
    for (const [table, name, column, references, onDelete] of FOREIGN_KEYS)
      await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} FOREIGN KEY (${column}) REFERENCES ${references} (id) ${onDelete}`);
  }
}
