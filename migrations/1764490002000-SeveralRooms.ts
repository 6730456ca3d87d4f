import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several rooms in one booking (docs/booking-chain.md "Several rooms"): a quote made with `rooms`
 * keeps each room's party, its holds take `units` rooms on every night, the booking keeps its
 * rooms with their states, and an oversell incident the rooms each booking held on its night. A `guests` quote, hold or booking is one room: `rooms` null, `units` 1.
 */
export class SeveralRooms1764490002000 implements MigrationInterface {
  name = 'SeveralRooms1764490002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE quotes ADD COLUMN rooms jsonb`);
    await db.query(`ALTER TABLE holds ADD COLUMN units smallint NOT NULL DEFAULT 1 CHECK (units BETWEEN 1 AND 8)`);
    await db.query(`ALTER TABLE bookings ADD COLUMN rooms jsonb`);
    // The rooms each booking held on an oversold night when its incident was opened (aligned with booking_ids).
    await db.query(`ALTER TABLE oversell_incidents ADD COLUMN booking_units smallint[]`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE oversell_incidents DROP COLUMN booking_units`);
    await db.query(`ALTER TABLE bookings DROP COLUMN rooms`);
    await db.query(`ALTER TABLE holds DROP COLUMN units`);
    await db.query(`ALTER TABLE quotes DROP COLUMN rooms`);
  }
}
