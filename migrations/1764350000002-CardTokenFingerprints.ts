import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card tokens at rest become SHA-256 fingerprints (docs/security.md): the sandbox ledger keeps
 * only the fingerprint; a payment attempt keeps its token only while pending (a crashed booking
 * may need to charge it), then only the fingerprint.
 */
export class CardTokenFingerprints1764350000002 implements MigrationInterface {
  name = 'CardTokenFingerprints1764350000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE payment_attempts ADD COLUMN provider_token_fingerprint text`);
    await db.query(`UPDATE payment_attempts SET provider_token_fingerprint = encode(sha256(convert_to(provider_token, 'UTF8')), 'hex')`);
    await db.query(`ALTER TABLE payment_attempts ALTER COLUMN provider_token_fingerprint SET NOT NULL`);
    await db.query(`ALTER TABLE payment_attempts ALTER COLUMN provider_token DROP NOT NULL`);
    await db.query(`UPDATE payment_attempts SET provider_token = NULL WHERE state <> 'pending'`);
    await db.query(`UPDATE sandbox_charges SET token = encode(sha256(convert_to(token, 'UTF8')), 'hex')`);
    await db.query(`ALTER TABLE sandbox_charges RENAME COLUMN token TO token_fingerprint`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Fingerprints cannot be turned back into tokens: the columns come back with the fingerprints in them.
    await db.query(`ALTER TABLE sandbox_charges RENAME COLUMN token_fingerprint TO token`);
    await db.query(`UPDATE payment_attempts SET provider_token = provider_token_fingerprint WHERE provider_token IS NULL`);
    await db.query(`ALTER TABLE payment_attempts ALTER COLUMN provider_token SET NOT NULL`);
    await db.query(`ALTER TABLE payment_attempts DROP COLUMN provider_token_fingerprint`);
  }
}
