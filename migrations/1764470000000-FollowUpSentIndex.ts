import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The follow-ups the booking scheduled by itself count against the follow-up caps once sent
 * (docs/follow-ups.md "Caps"): an index for counting a tenant's sent ones of the last day.
 */
export class FollowUpSentIndex1764470000000 implements MigrationInterface {
  name = 'FollowUpSentIndex1764470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX follow_ups_booking_sent_idx ON follow_ups (tenant_id, sent_at) WHERE origin = 'booking' AND state = 'sent'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX follow_ups_booking_sent_idx`);
  }
}
