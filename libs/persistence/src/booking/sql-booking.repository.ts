import { Injectable } from '@nestjs/common';
import type { Receipt } from '@hcs/contracts';
import {
  bookingRooms,
  BookingRecord,
  BookingRepository,
  BookingRoom,
  BookingSearchFilter,
  Cancellation,
  NewBooking,
  PolicySnapshot,
  PriceBreakdown,
  Stay,
} from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';

const COLUMNS = `id, tenant_id, agent_id, quote_id, hold_id, property_id, room_type_id, rate_plan_id, check_in::text AS check_in, check_out::text AS check_out,
  guests, guest, rooms, price_breakdown, policy_snapshot, traveler_iss, traveler_sub, idempotency_key, state, confirmation_receipt, cancellation,
  cancellation_receipt, created_at, property_confirmation_id`;

interface Row {
  id: string;
  tenant_id: string;
  agent_id: string;
  quote_id: string;
  hold_id: string;
  property_id: string;
  room_type_id: string;
  rate_plan_id: string;
  check_in: string;
  check_out: string;
  guests: BookingRecord['guests'];
  guest: BookingRecord['guest'];
  rooms: BookingRecord['rooms'];
  price_breakdown: BookingRecord['priceBreakdown'];
  policy_snapshot: BookingRecord['policySnapshot'];
  traveler_iss: string;
  traveler_sub: string;
  idempotency_key: string;
  state: BookingRecord['state'];
  confirmation_receipt: Receipt;
  cancellation: Cancellation | null;
  cancellation_receipt: Receipt | null;
  created_at: Date;
  property_confirmation_id: string | null;
}

const toBooking = (r: Row): BookingRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  agentId: r.agent_id,
  quoteId: r.quote_id,
  holdId: r.hold_id,
  propertyId: r.property_id,
  roomTypeId: r.room_type_id,
  ratePlanId: r.rate_plan_id,
  stay: { check_in: r.check_in, check_out: r.check_out },
  guests: r.guests,
  guest: r.guest,
  rooms: r.rooms ?? null,
  priceBreakdown: r.price_breakdown,
  policySnapshot: r.policy_snapshot,
  traveler: { iss: r.traveler_iss, sub: r.traveler_sub },
  idempotencyKey: r.idempotency_key,
  state: r.state,
  confirmationReceipt: r.confirmation_receipt,
  cancellation: r.cancellation,
  cancellationReceipt: r.cancellation_receipt,
  createdAt: r.created_at,
  propertyConfirmationId: r.property_confirmation_id,
});

@Injectable()
export class SqlBookingRepository extends BookingRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(b: NewBooking): Promise<BookingRecord> {
    const q = b.quote;
    const rows = await this.sql.rows<Row>(
      `INSERT INTO bookings (id, tenant_id, agent_id, quote_id, hold_id, property_id, room_type_id, rate_plan_id, check_in, check_out, guests, guest,
                             currency, total_amount, price_breakdown, policy_snapshot, traveler_iss, traveler_sub, booking_authorization_id,
                             idempotency_key, state, confirmation_receipt, rooms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13, $14, $15::jsonb, $16::jsonb, $17, $18, $19, $20, 'confirmed', $21::jsonb, $22::jsonb)
       RETURNING ${COLUMNS}`,
      [
        b.id,
        b.tenantId,
        b.agentId,
        q.id,
        b.holdId,
        q.propertyId,
        q.roomTypeId,
        q.ratePlanId,
        q.stay.check_in,
        q.stay.check_out,
        json(q.guests),
        json({ primary: b.guest.primary }),
        q.priceBreakdown.currency,
        q.priceBreakdown.total.amount,
        json(q.priceBreakdown),
        json(q.policySnapshot),
        b.traveler.iss,
        b.traveler.sub,
        b.bookingAuthorizationId,
        b.idempotencyKey,
        json(b.confirmationReceipt),
        q.rooms ? json(bookingRooms(q, b.guest)) : null,
      ],
    );
    return toBooking(rows[0]);
  }

  async findById(tenantId: string, id: string): Promise<BookingRecord | null> {
    const rows = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM bookings WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return rows[0] ? toBooking(rows[0]) : null;
  }

  async findByHold(tenantId: string, holdId: string): Promise<BookingRecord | null> {
    const rows = await this.sql.rows<Row>(`SELECT ${COLUMNS} FROM bookings WHERE tenant_id = $1 AND hold_id = $2`, [tenantId, holdId]);
    return rows[0] ? toBooking(rows[0]) : null;
  }

  async modify(
    tenantId: string,
    id: string,
    expected: Stay,
    change: { stay: Stay; priceBreakdown: PriceBreakdown; policySnapshot: PolicySnapshot },
  ): Promise<BookingRecord | null> {
    const rows = await this.sql.rows<Row>(
      `UPDATE bookings SET check_in = $5, check_out = $6, price_breakdown = $7::jsonb, policy_snapshot = $8::jsonb, total_amount = $9, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND state = 'confirmed' AND check_in = $3 AND check_out = $4 RETURNING ${COLUMNS}`,
      [
        tenantId,
        id,
        expected.check_in,
        expected.check_out,
        change.stay.check_in,
        change.stay.check_out,
        json(change.priceBreakdown),
        json(change.policySnapshot),
        change.priceBreakdown.total.amount,
      ],
    );
    return rows[0] ? toBooking(rows[0]) : null;
  }

  async cancel(
    tenantId: string,
    id: string,
    cancellation: Cancellation,
    receipt: Receipt,
    rooms: { expected: BookingRoom[]; next: BookingRoom[] } | null = null,
  ): Promise<BookingRecord | null> {
    if (rooms) {
      const rows = await this.sql.rows<Row>(
        `UPDATE bookings SET state = 'cancelled', cancellation = $3::jsonb, cancellation_receipt = $4::jsonb, rooms = $6::jsonb, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND state = 'confirmed' AND rooms = $5::jsonb RETURNING ${COLUMNS}`,
        [tenantId, id, json(cancellation), json(receipt), json(rooms.expected), json(rooms.next)],
      );
      return rows[0] ? toBooking(rows[0]) : null;
    }
    const rows = await this.sql.rows<Row>(
      `UPDATE bookings SET state = 'cancelled', cancellation = $3::jsonb, cancellation_receipt = $4::jsonb, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND state = 'confirmed' RETURNING ${COLUMNS}`,
      [tenantId, id, json(cancellation), json(receipt)],
    );
    return rows[0] ? toBooking(rows[0]) : null;
  }

  async cancelRooms(tenantId: string, id: string, expected: BookingRoom[], next: BookingRoom[]): Promise<BookingRecord | null> {
    const rows = await this.sql.rows<Row>(
      `UPDATE bookings SET rooms = $4::jsonb, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND state = 'confirmed' AND rooms = $3::jsonb RETURNING ${COLUMNS}`,
      [tenantId, id, json(expected), json(next)],
    );
    return rows[0] ? toBooking(rows[0]) : null;
  }

  async search(tenantId: string, filter: BookingSearchFilter, limit: number): Promise<BookingRecord[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.bookingId) add((n) => `id = ${n}`, filter.bookingId);
    if (filter.agentId) add((n) => `agent_id = ${n}`, filter.agentId);
    if (filter.travelerSub) add((n) => `traveler_sub = ${n}`, filter.travelerSub);
    if (filter.state) add((n) => `state = ${n}`, filter.state);
    // Overlap with the inclusive range of nights [stayFrom, stayTo].
    if (filter.stayFrom) add((n) => `check_out > ${n}::date`, filter.stayFrom);
    if (filter.stayTo) add((n) => `check_in <= ${n}::date`, filter.stayTo);
    // Millisecond precision on both sides: the cursor carries a JavaScript date.
    const created = `date_trunc('milliseconds', created_at)`;
    if (filter.after) {
      params.push(filter.after.createdAt, filter.after.id);
      where.push(`(${created}, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    const rows = await this.sql.rows<Row>(
      `SELECT ${COLUMNS} FROM bookings WHERE ${where.join(' AND ')} ORDER BY ${created} DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(toBooking);
  }
}
