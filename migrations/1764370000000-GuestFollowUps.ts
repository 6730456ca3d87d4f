import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guest follow-ups (docs/follow-ups.md): one row per message to a booking's guest. The worker
 * claims a due row with a lease (`claimed_until`) and counts attempts; `rendered` keeps exactly
 * what the guest received.
 */
export class GuestFollowUps1764370000000 implements MigrationInterface {
  name = 'GuestFollowUps1764370000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE follow_ups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('pre_arrival', 'special_request_ack', 'post_stay', 'custom')),
        message text CHECK (message IS NULL OR char_length(message) BETWEEN 1 AND 2000),
        channel text NOT NULL CHECK (channel IN ('sandbox', 'email')),
        state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'sent', 'failed', 'cancelled')),
        origin text NOT NULL CHECK (origin IN ('booking', 'request')),
        send_at timestamptz NOT NULL,
        sent_at timestamptz,
        error text,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        claimed_until timestamptz,
        rendered jsonb,
        created_by_kind text NOT NULL,
        created_by_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((state = 'sent') = (sent_at IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX follow_ups_booking_idx ON follow_ups (tenant_id, booking_id, created_at)`);
    await db.query(`CREATE INDEX follow_ups_due_idx ON follow_ups (send_at) WHERE state = 'scheduled'`);
    // A booking schedules its own pre_arrival and post_stay once.
    await db.query(`CREATE UNIQUE INDEX follow_ups_booking_origin_uq ON follow_ups (booking_id, kind) WHERE origin = 'booking'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE follow_ups`);
  }
}
