import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment provider's webhook events already handled, by the provider's event id
 * (docs/payments.md "Webhook"): a second delivery of one event does nothing. The
 * provider names no tenant of ours before the event is read, so the key is the provider's alone.
 */
export class PaymentProviderEvents1764494000000 implements MigrationInterface {
  name = 'PaymentProviderEvents1764494000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_provider_events (
        provider text NOT NULL,
        event_id text NOT NULL,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, event_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE payment_provider_events`);
  }
}
