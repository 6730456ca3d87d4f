import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Endpoint health (docs/events.md "Automatic disabling"): when the current run of failed attempts
 * began (null after a success), and when the service disabled the endpoint by itself.
 */
export class WebhookEndpointHealth1764421800000 implements MigrationInterface {
  name = 'WebhookEndpointHealth1764421800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz, ADD COLUMN auto_disabled_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_endpoints DROP COLUMN failing_since, DROP COLUMN auto_disabled_at`);
  }
}
