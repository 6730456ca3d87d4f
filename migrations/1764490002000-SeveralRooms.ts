import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several rooms in one booking (docs/booking-chain.md "Several rooms"): a quote made with `rooms`
 * keeps each room's party, its holds take `units` rooms on every night, and the booking keeps its
 * rooms with their states. A `guests` quote, hold or booking is one room: `rooms` null, `units` 1.
 */
export class SeveralRooms1764490002000 implements MigrationInterface {
  name = 'SeveralRooms1764490002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE quotes ADD COLUMN rooms jsonb`);
    await db.query(`ALTER TABLE holds ADD COLUMN units smallint NOT NULL DEFAULT 1 CHECK (units BETWEEN 1 AND 8)`);
    await db.query(`ALTER TABLE bookings ADD COLUMN rooms jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bookings DROP COLUMN rooms`);
    await db.query(`ALTER TABLE holds DROP COLUMN units`);
    await db.query(`ALTER TABLE quotes DROP COLUMN rooms`);
  }
}
