import { MigrationInterface, QueryRunner } from 'typeorm';

/** A booking authorization may name the traveler's issuer too: a `sub` alone is not a person. */
export class BookingAuthorizationIssuer1764350000001 implements MigrationInterface {
  name = 'BookingAuthorizationIssuer1764350000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE booking_authorizations ADD COLUMN traveler_iss text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE booking_authorizations DROP COLUMN traveler_iss`);
  }
}
