import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channel managers in (docs/channels.md): the principal kind `channel`, the properties each
 * channel may write, the EchoTokens it sent (kept 24 hours per channel and message type, with the
 * first answer) and the message TimeStamp of the last value applied per subject (rate plan or
 * room type), date and field, which decides whether an older message may still change it.
 */
export class ChannelManagers1764491000000 implements MigrationInterface {
  name = 'ChannelManagers1764491000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE principals DROP CONSTRAINT principals_kind_check`);
    await db.query(`ALTER TABLE principals ADD CONSTRAINT principals_kind_check CHECK (kind IN ('admin', 'agent', 'channel'))`);
    await db.query(`
      CREATE TABLE channel_properties (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        property_id uuid NOT NULL,
        PRIMARY KEY (tenant_id, channel_id, property_id),
        FOREIGN KEY (tenant_id, channel_id) REFERENCES principals (tenant_id, id) ON DELETE CASCADE,
        FOREIGN KEY (tenant_id, property_id) REFERENCES properties (tenant_id, id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE ota_echo_tokens (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        message text NOT NULL,
        echo_token text NOT NULL CHECK (length(echo_token) BETWEEN 1 AND 128),
        body_sha256 text NOT NULL,
        answer text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, channel_id, message, echo_token),
        FOREIGN KEY (tenant_id, channel_id) REFERENCES principals (tenant_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX ota_echo_tokens_created_idx ON ota_echo_tokens (created_at)`);
    await db.query(`
      CREATE TABLE ota_value_stamps (
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        subject_id uuid NOT NULL,
        night date NOT NULL,
        field text NOT NULL,
        stamped_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, subject_id, field, night)
      )`);
    // The purge drops stamps of past nights oldest first (docs/channels.md "Housekeeping").
    await db.query(`CREATE INDEX ota_value_stamps_night_idx ON ota_value_stamps (night)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE ota_value_stamps`);
    await db.query(`DROP TABLE ota_echo_tokens`);
    await db.query(`DROP TABLE channel_properties`);
    await db.query(`DELETE FROM principals WHERE kind = 'channel'`);
    await db.query(`ALTER TABLE principals DROP CONSTRAINT principals_kind_check`);
    await db.query(`ALTER TABLE principals ADD CONSTRAINT principals_kind_check CHECK (kind IN ('admin', 'agent'))`);
  }
}
