import { randomUUID } from 'node:crypto';
import {
  BookingRepository,
  DueHoldExpiry,
  OversellIncidentRepository,
  HoldReservation,
  QuoteRepository,
  RoomNightReservations,
  stayNights,
  type ChainAuditEntry,
  type HoldReservationRequest,
  type Stay,
} from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';

/** A hold of `units` rooms of the chain's room type over `stay` (docs/booking-chain.md "Several rooms"). */
function request(chain: SeededChain, units: number, stay: Stay = chain.quote.stay): HoldReservationRequest {
  const audit: ChainAuditEntry = { type: 'hold.created', actor: { kind: 'agent', id: chain.agentId }, traceId: randomUUID().replace(/-/g, ''), data: {} };
  return {
    hold: {
      tenantId: chain.tenantId,
      agentId: chain.agentId,
      quoteId: chain.quote.id,
      roomTypeId: chain.roomType.id,
      stay,
      units,
      ...newHoldIdentity(600),
      maxLiveHolds: 1000,
    },
    nights: stayNights(stay),
    audit,
  };
}

describe('Several rooms: units on every night (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let reservation: HoldReservation;

  beforeAll(async () => {
    // Enough connections for the concurrent holds below to really race.
    tier = await startPersistenceTier({ poolSize: 8 });
    reservation = tier.get(HoldReservation);
  });
  afterAll(() => tier.close());

  const counters = (chain: SeededChain) =>
    tier.query<{ night: string; allotment: number; held: number; sold: number }>(
      `SELECT to_char(night, 'YYYY-MM-DD') AS night, allotment, held, sold FROM inventory_nights WHERE room_type_id = $1 ORDER BY night`,
      [chain.roomType.id],
    );
  const setHeldAgo = (holdId: string) => tier.query(`UPDATE holds SET expires_at = now() - interval '1 minute' WHERE id = $1`, [holdId]);

  it('a hold takes its units on every night in its one statement; a stay with fewer rooms left than that is refused whole', async () => {
    const chain = await seedChain(tier, { defaultInventory: 5, rooms: 3 });
    const first = await reservation.reserve(request(chain, 3));
    expect(first.ok && first.hold.units).toBe(3);
    await expect(counters(chain)).resolves.toEqual([
      { night: '2099-05-10', allotment: 5, held: 3, sold: 0 },
      { night: '2099-05-11', allotment: 5, held: 3, sold: 0 },
    ]);
    // Two rooms left: three are refused, nothing written; two fit exactly.
    await expect(reservation.reserve(request(chain, 3))).resolves.toEqual({ ok: false });
    await expect(counters(chain)).resolves.toEqual([
      { night: '2099-05-10', allotment: 5, held: 3, sold: 0 },
      { night: '2099-05-11', allotment: 5, held: 3, sold: 0 },
    ]);
    expect((await reservation.reserve(request(chain, 2))).ok).toBe(true);
    await expect(counters(chain)).resolves.toEqual([
      { night: '2099-05-10', allotment: 5, held: 5, sold: 0 },
      { night: '2099-05-11', allotment: 5, held: 5, sold: 0 },
    ]);
  });

  it('a missing night row is not created when the default inventory is below the units', async () => {
    const chain = await seedChain(tier, { defaultInventory: 2, rooms: 3 });
    await expect(reservation.reserve(request(chain, 3))).resolves.toEqual({ ok: false });
    await expect(counters(chain)).resolves.toEqual([]);
  });

  it("the hold's read proves a stay full when fewer rooms than the quote's are free, counting the due holds' units", async () => {
    const chain = await seedChain(tier, { defaultInventory: 4, rooms: 3 });
    const quotes = tier.get(QuoteRepository);
    const taken = await reservation.reserve(request(chain, 2));
    if (!taken.ok) throw new Error('expected a hold');
    const read = await quotes.findForHold(chain.tenantId, chain.quote.id);
    expect(read?.quote.rooms).toHaveLength(3);
    expect(read?.fullByCounters).toEqual([
      { night: '2099-05-10', free: 2, reclaimable: 0 },
      { night: '2099-05-11', free: 2, reclaimable: 0 },
    ]);
    await setHeldAgo(taken.hold.id);
    const due = await quotes.findForHold(chain.tenantId, chain.quote.id);
    expect(due?.fullByCounters.map((n) => n.reclaimable)).toEqual([2, 2]);
  });

  it('expiry, release and the slow path give back and take exactly the units', async () => {
    const chain = await seedChain(tier, { defaultInventory: 5, rooms: 3 });
    const nights = tier.get(RoomNightReservations);
    const a = await reservation.reserve(request(chain, 3));
    const b = await reservation.reserve(request(chain, 2));
    if (!a.ok || !b.ok) throw new Error('expected two holds');

    // The worker's batch expiry gives back 3 rooms on each night.
    await setHeldAgo(a.hold.id);
    const expired = await tier.get(DueHoldExpiry).expire([{ tenantId: chain.tenantId, holdId: a.hold.id }]);
    expect(expired.map((e) => e.hold.units)).toEqual([3]);
    expect((await counters(chain)).map((n) => n.held)).toEqual([2, 2]);

    // The slow path reclaims a due hold's units and takes its own.
    await setHeldAgo(b.hold.id);
    const slow = await nights.reserve(chain.tenantId, chain.roomType.id, stayNights(chain.quote.stay), 4);
    expect(slow.ok && slow.reclaimed.map((h) => [h.id, h.units])).toEqual([[b.hold.id, 2]]);
    expect((await counters(chain)).map((n) => n.held)).toEqual([4, 4]);
    await expect(nights.reserve(chain.tenantId, chain.roomType.id, stayNights(chain.quote.stay), 2)).resolves.toMatchObject({
      ok: false,
      fullNights: ['2099-05-10', '2099-05-11'],
    });

    // A release gives back the units it names; sold counters move by units the same way.
    await nights.releaseHeld(chain.tenantId, chain.roomType.id, stayNights(chain.quote.stay), 4);
    expect((await counters(chain)).map((n) => n.held)).toEqual([0, 0]);
    await expect(nights.releaseHeld(chain.tenantId, chain.roomType.id, ['2099-05-10'], 1)).rejects.toThrow(/out of step/);
  });

  it('concurrent multi-room holds from many connections never oversell a night and never hold some nights only', async () => {
    const chain = await seedChain(tier, { defaultInventory: 5, rooms: 3 });
    // Overlapping stays over five nights: 3-room and 2-room holds racing for 5 rooms a night.
    const stays: Stay[] = [
      { check_in: '2099-06-01', check_out: '2099-06-05' },
      { check_in: '2099-06-03', check_out: '2099-06-06' },
      { check_in: '2099-06-02', check_out: '2099-06-04' },
      { check_in: '2099-06-01', check_out: '2099-06-06' },
    ];
    const attempts = Array.from({ length: 32 }, (_, i) => ({ stay: stays[i % stays.length], units: i % 4 === 3 ? 2 : 3 }));
    const results = await Promise.all(attempts.map((a) => reservation.reserve(request(chain, a.units, a.stay))));

    const won = results.flatMap((r) => (r.ok ? [r.hold] : []));
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(attempts.length);
    const rows = await counters(chain);
    for (const row of rows) {
      // Every night's held is exactly the units of the winning holds that cover it: a refused hold
      // took nothing anywhere, a winning one took its units on all its nights.
      const expected = won.filter((h) => h.stay.check_in <= row.night && h.stay.check_out > row.night).reduce((s, h) => s + h.units, 0);
      expect({ night: row.night, held: row.held }).toEqual({ night: row.night, held: expected });
      expect(row.held + row.sold).toBeLessThanOrEqual(row.allotment);
    }
    const holds = await tier.query<{ n: number }>(`SELECT count(*)::int AS n FROM holds WHERE room_type_id = $1`, [chain.roomType.id]);
    expect(holds[0].n).toBe(won.length);
  });

  it('a booking keeps its rooms; a room cancel and the last cancel apply only to the rooms they read; an oversold night counts its units', async () => {
    const chain = await seedChain(tier, { defaultInventory: 5, rooms: 3 });
    const bookings = tier.get(BookingRepository);
    const held = await reservation.reserve(request(chain, 3));
    if (!held.ok) throw new Error('expected a hold');
    const booking = await bookings.create({
      id: randomUUID(),
      tenantId: chain.tenantId,
      agentId: chain.agentId,
      quote: chain.quote,
      holdId: held.hold.id,
      guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+33 1 00' }, rooms: [{ room: 2, full_name: 'Grace' }] },
      traveler: { iss: 'https://issuer.example', sub: 'traveler' },
      bookingAuthorizationId: null,
      idempotencyKey: 'k',
      confirmationReceipt: {} as never,
    });
    expect(booking.guest).toEqual({ primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+33 1 00' } });
    expect(booking.rooms?.map((r) => [r.room, r.state, r.full_name])).toEqual([
      [1, 'confirmed', undefined],
      [2, 'confirmed', 'Grace'],
      [3, 'confirmed', undefined],
    ]);
    await expect(tier.get(OversellIncidentRepository).bookingsOnNight(chain.tenantId, chain.roomType.id, '2099-05-10')).resolves.toEqual([
      { id: booking.id, units: 3 },
    ]);

    const rooms = booking.rooms!;
    const cancellation = {
      cancelled_at: new Date().toISOString(),
      fee: { amount: 0, currency: 'EUR' },
      refund: { amount: 0, currency: 'EUR' },
      refund_id: null,
      policy_version: '1',
      reason: null,
    };
    const oneCancelled = rooms.map((r) => (r.room === 1 ? { ...r, state: 'cancelled' as const, cancellation } : r));
    const after = await bookings.cancelRooms(chain.tenantId, booking.id, rooms, oneCancelled);
    expect([after?.state, after?.rooms?.map((r) => r.state)]).toEqual(['confirmed', ['cancelled', 'confirmed', 'confirmed']]);
    // A second writer that read the rooms before that change finds nothing to change.
    await expect(bookings.cancelRooms(chain.tenantId, booking.id, rooms, oneCancelled)).resolves.toBeNull();
    await expect(bookings.cancel(chain.tenantId, booking.id, cancellation, {} as never, { expected: rooms, next: rooms })).resolves.toBeNull();
    await expect(tier.get(OversellIncidentRepository).bookingsOnNight(chain.tenantId, chain.roomType.id, '2099-05-10')).resolves.toEqual([
      { id: booking.id, units: 2 },
    ]);

    const allCancelled = oneCancelled.map((r) => ({ ...r, state: 'cancelled' as const, cancellation }));
    const cancelled = await bookings.cancel(chain.tenantId, booking.id, cancellation, {} as never, { expected: oneCancelled, next: allCancelled });
    expect([cancelled?.state, cancelled?.rooms?.every((r) => r.state === 'cancelled')]).toEqual(['cancelled', true]);
  });
});
