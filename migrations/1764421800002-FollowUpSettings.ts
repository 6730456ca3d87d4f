import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Follow-ups are not a mail relay (docs/follow-ups.md "Caps", "Sender and links"): each tenant's
 * sender name, reply-to and the domains its messages may link to; an index for counting the
 * follow-ups callers created in the last day.
 */
export class FollowUpSettings1764421800002 implements MigrationInterface {
  name = 'FollowUpSettings1764421800002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE follow_up_settings (
        tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
        sender_name text CHECK (sender_name IS NULL OR char_length(sender_name) BETWEEN 1 AND 100),
        reply_to text CHECK (reply_to IS NULL OR char_length(reply_to) BETWEEN 3 AND 254),
        link_domains text[] NOT NULL DEFAULT '{}' CHECK (cardinality(link_domains) <= 20),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX follow_ups_requested_idx ON follow_ups (tenant_id, created_at) WHERE origin = 'request'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX follow_ups_requested_idx`);
    await db.query(`DROP TABLE follow_up_settings`);
  }
}
