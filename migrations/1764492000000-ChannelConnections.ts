import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channel managers' receivers of reservations (docs/channels-out.md): a connection per property
 * and receiver, its credential sealed like webhook secrets; one delivery per (booking event,
 * connection) with its attempts kept in the row; the property's own confirmation number on the
 * booking once a channel manager acknowledged it.
 */
export class ChannelConnections1764492000000 implements MigrationInterface {
  name = 'ChannelConnections1764492000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE channel_connections (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        id uuid NOT NULL,
        property_id uuid NOT NULL,
        url text NOT NULL,
        auth_type text NOT NULL CHECK (auth_type IN ('basic', 'bearer')),
        auth_username text,
        auth_ciphertext text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (tenant_id, id),
        FOREIGN KEY (tenant_id, property_id) REFERENCES properties (tenant_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX channel_connections_property_idx ON channel_connections (tenant_id, property_id)`);
    await db.query(`CREATE INDEX channel_connections_list_idx ON channel_connections (tenant_id, created_at, id)`);
    await db.query(`
      CREATE TABLE channel_deliveries (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        booking_id uuid NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'in_flight', 'succeeded', 'failed', 'dead')),
        chain int NOT NULL DEFAULT 1,
        attempt int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_status int,
        last_error text,
        -- the acknowledging RS's first HotelReservationID ResID_Value
        acknowledged_id text,
        -- [{chain, attempt, at, status, duration_ms, error}], oldest first
        attempts jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (tenant_id, id),
        UNIQUE (tenant_id, connection_id, event_id),
        FOREIGN KEY (tenant_id, connection_id) REFERENCES channel_connections (tenant_id, id) ON DELETE CASCADE,
        FOREIGN KEY (tenant_id, event_id) REFERENCES outbox_events (tenant_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX channel_deliveries_connection_idx ON channel_deliveries (tenant_id, connection_id, created_at, id)`);
    await db.query(`CREATE INDEX channel_deliveries_due_idx ON channel_deliveries (next_attempt_at) WHERE state IN ('pending', 'in_flight')`);
    await db.query(`ALTER TABLE bookings ADD COLUMN property_confirmation_id text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bookings DROP COLUMN property_confirmation_id`);
    await db.query(`DROP TABLE channel_deliveries`);
    await db.query(`DROP TABLE channel_connections`);
  }
}
