import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of the OpenTravel messages each channel sent (docs/channels.md "Messages in"): the
 * message type, EchoToken, outcome and counts, the RS as sent and a masked excerpt of the request.
 * The worker's channel ledger purge deletes records older than 7 days.
 */
export class OtaMessagesIn1764495000000 implements MigrationInterface {
  name = 'OtaMessagesIn1764495000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE ota_messages_in (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        channel_id uuid NOT NULL,
        message text NOT NULL,
        echo_token text,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        outcome text NOT NULL CHECK (outcome IN ('success', 'warnings', 'errors', 'replay')),
        dates_applied integer NOT NULL CHECK (dates_applied >= 0),
        warnings integer NOT NULL CHECK (warnings >= 0),
        errors integer NOT NULL CHECK (errors >= 0),
        answer text NOT NULL,
        answer_truncated boolean NOT NULL,
        request_excerpt text NOT NULL,
        request_bytes integer NOT NULL CHECK (request_bytes >= 0),
        PRIMARY KEY (tenant_id, id),
        FOREIGN KEY (tenant_id, channel_id) REFERENCES principals (tenant_id, id) ON DELETE CASCADE
      )`);
    // A channel's list, newest first; and the purge, oldest first.
    await db.query(`CREATE INDEX ota_messages_in_channel_idx ON ota_messages_in (tenant_id, channel_id, received_at DESC, id DESC)`);
    await db.query(`CREATE INDEX ota_messages_in_received_idx ON ota_messages_in (received_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE ota_messages_in`);
  }
}
