import { MigrationInterface, QueryRunner } from 'typeorm';

/** The chain's JSON values that Postgres compresses once a row passes its 2 KB threshold. */
export const LZ4_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['idempotency_records', 'response_body'],
  ['outbox_events', 'payload'],
  ['bookings', 'policy_snapshot'],
  ['bookings', 'price_breakdown'],
  ['bookings', 'confirmation_receipt'],
  ['bookings', 'cancellation_receipt'],
  ['quotes', 'policy_snapshot'],
  ['quotes', 'price_breakdown'],
  ['audit_events', 'data'],
  ['payment_attempts', 'booking_request'],
  ['refunds', 'receipt'],
  ['follow_ups', 'rendered'],
];

/**
 * The chain's large JSON values compressed with lz4 instead of pglz (docs/performance.md, "Eleventh
 * round"). A booking writes three values past Postgres's 2 KB row threshold (its idempotency record's
 * stored answer, its outbox event, its policy snapshot); pglz took 16 µs to compress a 3.3 KB
 * answer where lz4 takes 7, and lz4 reads back faster. Only new values are written with lz4 (no
 * rewrite; old ones stay readable). A server built without lz4 keeps pglz: the migration then
 * changes nothing.
 */
export class ChainValuesLz41764450000000 implements MigrationInterface {
  name = 'ChainValuesLz41764450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(compressionBlock('lz4'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(compressionBlock('default'));
  }
}

function compressionBlock(method: 'lz4' | 'default'): string {
  const statements = LZ4_COLUMNS.map(([table, column]) => `ALTER TABLE ${table} ALTER COLUMN ${column} SET COMPRESSION ${method};`).join('\n    ');
  return `DO $$
  BEGIN
    ${statements}
  EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'lz4 is not supported by this server; the chain keeps pglz';
  END $$`;
}
