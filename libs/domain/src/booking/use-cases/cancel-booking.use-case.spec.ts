import { DateTime } from 'luxon';
import { DomainError } from '../../errors/domain-error';
import { adminActor, agentActor, booking, eur, priceOf, snapshot, TRAVELER } from '../../testing/chain-fixtures';
import type { BookingRecord } from '../chain.types';
import {
  FakeAudit,
  FakeBookings,
  FakeNights,
  FakeOutbox,
  FakePayments,
  FakePaymentSchedule,
  FakeProvider,
  FakeRefunds,
  fakeContext,
  fakeSigner,
} from '../../testing/fake-chain-ports';
import { FakeStayFollowUps } from '../../testing/fake-hold-ports';
import { BookingAccess } from '../services/booking-access';
import { CancelBooking, CancelBookingRoom } from './cancel-booking.use-case';
import { BookingCanceller } from '../services/booking-canceller';
import { RefundIssuer } from '../services/refund-issuer';
import { ChainRecorder } from '../services/chain-recorder';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

const day = (offset: number) => DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: offset }).toISODate() as string;

function setup(overrides: Parameters<typeof booking>[0] = {}) {
  const bookings = new FakeBookings();
  const payments = new FakePayments();
  const refunds = new FakeRefunds();
  const provider = new FakeProvider();
  const nights = new FakeNights(1);
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const followUps = new FakeStayFollowUps();
  const context = fakeContext();
  const signer = fakeSigner();
  const schedule = new FakePaymentSchedule(payments);
  const refunder = new RefundIssuer(payments, refunds, provider, audit, outbox, signer, context);
  const canceller = new BookingCanceller(bookings, payments, refunder, nights, signer, new ChainRecorder(audit, outbox, context), followUps, schedule);
  const useCase = new CancelBooking(new BookingAccess(bookings), canceller);
  const roomCancel = new CancelBookingRoom(new BookingAccess(bookings), canceller);
  const stay = { check_in: day(20), check_out: day(22) };
  const b = booking({ stay, policySnapshot: snapshot({ check_in_at: `${day(20)}T13:00:00Z`, free_cancellation_until: `${day(18)}T13:00:00Z` }), ...overrides });
  bookings.rows.push(b);
  payments.add(b.id, b.priceBreakdown.total.amount);
  const sold = b.rooms ? b.rooms.filter((r) => r.state === 'confirmed').length : 1;
  for (const n of [day(20), day(21)]) nights.nights.set(n, { allotment: 5, held: 0, sold });
  return { useCase, roomCancel, b, bookings, payments, refunds, provider, nights, audit, outbox, followUps, schedule };
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('CancelBooking', () => {
  it('cancels within the free window: no fee, full refund, room back, audit, follow-ups cancelled, event with the refunded payment', async () => {
    const { useCase, b, nights, audit, outbox, followUps, provider, refunds } = setup();
    const outcome = await useCase.execute({ bookingId: b.id, reason: 'plans changed' }, agentActor(), TRAVELER);

    expect(outcome.meta.status).toBe(200);
    expect(outcome.meta.receipt).toMatchObject({ kind: 'booking_cancelled' });
    expect(outcome.data).toMatchObject({
      state: 'cancelled',
      cancellation: { fee: eur(0), refund: eur(20000), reason: 'plans changed' },
      payment: { state: 'refunded' },
    });
    expect(outcome.meta.next_actions?.map((a) => a.rel)).toEqual(['get_refund', 'get_audit']);
    expect([...nights.nights.values()].map((c) => c.sold)).toEqual([0, 0]);
    expect(provider.refunds).toEqual([expect.objectContaining({ amount: eur(20000) })]);
    expect(refunds.rows).toHaveLength(1);
    expect(audit.events.map((e) => e.type)).toEqual(['booking.cancelled', 'refund.issued']);
    expect(audit.events[0]).toMatchObject({ bookingId: b.id, traveler: TRAVELER, actor: { kind: 'agent', id: b.agentId } });
    expect(followUps.cancelled).toEqual([b.id]);
    expect(outbox.events.map((e) => e.type)).toEqual(['refund.issued', 'booking.cancelled']);
    expect(outbox.events[1].payload).toEqual(outcome.data);
  });

  it('refuses a traveler other than the one who booked, and another agent', async () => {
    const { useCase, b } = setup();
    expect((await failure(useCase.execute({ bookingId: b.id }, agentActor(), { iss: TRAVELER.iss, sub: 'someone-else' }))).code).toBe('resource_access_denied');
    expect((await failure(useCase.execute({ bookingId: b.id }, agentActor('99999999-9999-4999-8999-999999999999'), TRAVELER))).code).toBe(
      'resource_access_denied',
    );
  });

  it('lets a tenant admin cancel for the booking traveler without a delegation', async () => {
    const { useCase, b, audit } = setup();
    await expect(useCase.execute({ bookingId: b.id }, adminActor(), null)).resolves.toMatchObject({ data: { state: 'cancelled' } });
    expect(audit.events[0]).toMatchObject({ actor: { kind: 'admin' }, traveler: TRAVELER });
  });

  it('refuses a second cancellation and a stay that has started', async () => {
    const { useCase, b } = setup();
    await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    expect((await failure(useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER))).detail).toMatchObject({ reason: 'already_cancelled' });
    const started = setup({ stay: { check_in: day(0), check_out: day(2) } });
    expect((await failure(started.useCase.execute({ bookingId: started.b.id }, agentActor(), TRAVELER))).detail).toMatchObject({ reason: 'stay_started' });
  });

  it('keeps the fee past the free window and refunds the rest', async () => {
    const { useCase, b } = setup({
      policySnapshot: snapshot({
        check_in_at: `${day(20)}T13:00:00Z`,
        free_cancellation_until: `${day(-1)}T13:00:00Z`,
        free_cancellation_hours_before_checkin: 24 * 30,
      }),
    });
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    expect(outcome.data).toMatchObject({ cancellation: { fee: eur(10000), refund: eur(10000) }, payment: { state: 'partially_refunded' } });
  });

  /** A deposit booking (30 % of 20000 captured, card kept, the balance scheduled), free to cancel until `freeUntil`. */
  function depositSetup(freeUntil: string, freeHours?: number) {
    const t = setup({
      policySnapshot: snapshot({
        check_in_at: `${day(20)}T13:00:00Z`,
        free_cancellation_until: freeUntil,
        ...(freeHours ? { free_cancellation_hours_before_checkin: freeHours } : {}),
        payment_terms: { kind: 'deposit', deposit_pct: 30, balance_due_days: 7 },
      }),
    });
    const payment = t.payments.rows[0];
    Object.assign(payment, { amount: eur(6000), state: 'scheduled', cardReference: 'card_kept' });
    const balance = t.schedule.add({
      bookingId: t.b.id,
      paymentId: payment.id,
      kind: 'balance',
      amount: eur(14000),
      nextAttemptAt: new Date(Date.now() + 86_400_000),
    });
    return { ...t, payment, balance };
  }

  it('under a deposit, refunds the deposit less the fee and cancels the balance', async () => {
    const { useCase, b, balance, schedule, provider } = depositSetup(`${day(18)}T13:00:00Z`);
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    expect(outcome.data).toMatchObject({ cancellation: { fee: eur(0), refund: eur(6000) }, payment: { state: 'refunded' } });
    expect(balance.state).toBe('cancelled');
    expect(schedule.rows.filter((r) => r.kind === 'cancellation_fee')).toHaveLength(0);
    expect(provider.refunds).toEqual([expect.objectContaining({ amount: eur(6000) })]);
  });

  it('under a deposit, schedules the part of the fee above what was captured on the kept card, refunding nothing', async () => {
    const { useCase, b, balance, schedule, provider } = depositSetup(`${day(-1)}T13:00:00Z`, 24 * 30);
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    // The fee is 50 % of 20000; 6000 was captured: 4000 more is charged by the worker.
    expect(outcome.data).toMatchObject({ cancellation: { fee: eur(10000), refund: eur(0) }, payment: { state: 'captured', amount: eur(6000) } });
    expect(balance.state).toBe('cancelled');
    expect(schedule.rows.filter((r) => r.kind === 'cancellation_fee').map((r) => [r.amount, r.state])).toEqual([[eur(4000), 'scheduled']]);
    expect(provider.refunds).toEqual([]);
  });

  it('takes its fee from the total less what the property collects, and refunds no more than was captured', async () => {
    const stay = { check_in: day(20), check_out: day(22) };
    const price = priceOf(stay);
    const cityTax = { code: 'CITY', name: 'City tax', amount: eur(1200), included: false, payable: 'at_property' as const };
    const { useCase, b } = setup({
      priceBreakdown: { ...price, taxes: [cityTax], total: eur(21200), payable_online: eur(20000), payable_at_property: eur(1200) },
      policySnapshot: snapshot({
        check_in_at: `${day(20)}T13:00:00Z`,
        free_cancellation_until: `${day(-1)}T13:00:00Z`,
        free_cancellation_hours_before_checkin: 24 * 30,
      }),
    });
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    // 50% of 20000, not of 21200; refund = 20000 - 10000
    expect(outcome.data).toMatchObject({ cancellation: { fee: eur(10000), refund: eur(10000) } });
  });
});

/** A booking of three rooms whose subtotals are 10000, 10000 and 20000 of a 40000 total (shares 10000, 10000, 20000). */
function threeRooms(overrides: Partial<BookingRecord> = {}) {
  const stay = { check_in: day(20), check_out: day(22) };
  const one = priceOf(stay, 5000);
  const two = priceOf(stay, 10000);
  const party = { adults: 1, children: [] };
  const priceBreakdown = {
    ...priceOf(stay, 20000),
    rooms: [
      { room: 1, guests: party, nights: one.nights, subtotal: one.subtotal },
      { room: 2, guests: party, nights: one.nights, subtotal: one.subtotal },
      { room: 3, guests: party, nights: two.nights, subtotal: two.subtotal },
    ],
  };
  const rooms = [1, 2, 3].map((room) => ({ room, guests: party, state: 'confirmed' as const }));
  return setup({ stay, priceBreakdown, rooms, ...overrides });
}

describe('CancelBookingRoom', () => {
  it('under a deposit, a room cancel refunds against the capture and leaves the other rooms owing their share', async () => {
    const late = snapshot({
      check_in_at: `${day(20)}T13:00:00Z`,
      free_cancellation_until: `${day(-1)}T13:00:00Z`,
      free_cancellation_hours_before_checkin: 24 * 30,
      payment_terms: { kind: 'deposit', deposit_pct: 30, balance_due_days: 7 },
    });
    const { roomCancel, b, payments, schedule, provider } = threeRooms({ policySnapshot: late });
    const payment = payments.rows[0];
    Object.assign(payment, { amount: eur(12000), state: 'scheduled', cardReference: 'card_kept' });
    const balance = schedule.add({
      bookingId: b.id,
      paymentId: payment.id,
      kind: 'balance',
      amount: eur(28000),
      nextAttemptAt: new Date(Date.now() + 86_400_000),
    });
    const outcome = await roomCancel.execute({ bookingId: b.id, room: 3 }, agentActor(), TRAVELER);
    // Room 3's share is 20000 of 40000, its fee 10000; 12000 was captured: 2000 back, and rooms 1 and 2 still owe their 20000.
    expect(provider.refunds).toEqual([expect.objectContaining({ amount: eur(2000) })]);
    expect(outcome.data).toMatchObject({ state: 'confirmed', payment: { refunded: eur(2000) } });
    expect(balance).toMatchObject({ amount: eur(20000), state: 'scheduled' });
  });

  it('cancels one room: fee from the policy on its share, its unit back, refund, receipt naming the room; the booking stays confirmed', async () => {
    const late = snapshot({
      check_in_at: `${day(20)}T13:00:00Z`,
      free_cancellation_until: `${day(-1)}T13:00:00Z`,
      free_cancellation_hours_before_checkin: 24 * 30,
    });
    const { roomCancel, b, nights, audit, outbox, followUps, provider } = threeRooms({ policySnapshot: late });
    const outcome = await roomCancel.execute({ bookingId: b.id, room: 3, reason: 'one less' }, agentActor(), TRAVELER);

    // Room 3's share is 20000 of 40000; 50 % after the cutoff.
    expect(provider.refunds).toEqual([expect.objectContaining({ amount: eur(10000) })]);
    expect(outcome.meta.receipt).toMatchObject({
      kind: 'booking_cancelled',
      subject: expect.objectContaining({ room: 3, fee_amount: 10000, refund_amount: 10000 }),
    });
    expect(outcome.data).toMatchObject({ state: 'confirmed', payment: { state: 'partially_refunded', refunded: eur(10000) } });
    expect((outcome.data as { rooms: unknown[] }).rooms.map((r) => (r as { state: string }).state)).toEqual(['confirmed', 'confirmed', 'cancelled']);
    expect(outcome.data).not.toHaveProperty('cancellation');
    expect([...nights.nights.values()].map((c) => c.sold)).toEqual([2, 2]);
    expect(audit.events.map((e) => e.type)).toEqual(['booking.room_cancelled', 'refund.issued']);
    expect(audit.events[0].data).toMatchObject({ room: 3, rooms: [3], fee: eur(10000), refund: eur(10000) });
    expect(followUps.cancelled).toEqual([]);
    expect(outbox.events.map((e) => e.type)).toEqual(['refund.issued', 'booking.room_cancelled']);
  });

  it('the last confirmed room cancels the booking; then the whole cancel is refused', async () => {
    const { roomCancel, useCase, b, nights, audit, followUps } = threeRooms();
    await roomCancel.execute({ bookingId: b.id, room: 1 }, agentActor(), TRAVELER);
    await roomCancel.execute({ bookingId: b.id, room: 2 }, agentActor(), TRAVELER);
    const last = await roomCancel.execute({ bookingId: b.id, room: 3 }, agentActor(), TRAVELER);
    expect(last.data).toMatchObject({
      state: 'cancelled',
      cancellation: { fee: eur(0), refund: eur(20000) },
      payment: { state: 'refunded', refunded: eur(40000) },
    });
    expect([...nights.nights.values()].map((c) => c.sold)).toEqual([0, 0]);
    expect(audit.events.filter((e) => e.type.startsWith('booking.')).map((e) => e.type)).toEqual([
      'booking.room_cancelled',
      'booking.room_cancelled',
      'booking.cancelled',
    ]);
    expect(followUps.cancelled).toEqual([b.id]);
    expect((await failure(useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER))).detail).toMatchObject({ reason: 'already_cancelled' });
  });

  it('the whole cancel after a room cancel cancels the rooms left, on their shares, and gives back their units', async () => {
    const { roomCancel, useCase, b, nights, audit } = threeRooms();
    await roomCancel.execute({ bookingId: b.id, room: 2 }, agentActor(), TRAVELER);
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    expect(outcome.data).toMatchObject({ state: 'cancelled', cancellation: { refund: eur(30000) }, payment: { refunded: eur(40000) } });
    expect((outcome.data as { rooms: Array<{ state: string }> }).rooms.every((r) => r.state === 'cancelled')).toBe(true);
    expect([...nights.nights.values()].map((c) => c.sold)).toEqual([0, 0]);
    expect(audit.events.find((e) => e.type === 'booking.cancelled')?.data).toMatchObject({ rooms: [1, 3] });
  });

  it('refuses an unknown room (404), a room already cancelled (with detail.room), another traveler, and any room of a guests booking', async () => {
    const { roomCancel, b } = threeRooms();
    expect((await failure(roomCancel.execute({ bookingId: b.id, room: 4 }, agentActor(), TRAVELER))).code).toBe('booking_room_not_found');
    await roomCancel.execute({ bookingId: b.id, room: 1 }, agentActor(), TRAVELER);
    const again = await failure(roomCancel.execute({ bookingId: b.id, room: 1 }, agentActor(), TRAVELER));
    expect({ code: again.code, detail: again.detail }).toMatchObject({ code: 'booking_not_cancellable', detail: { room: 1, state: 'cancelled' } });
    expect((await failure(roomCancel.execute({ bookingId: b.id, room: 2 }, agentActor(), { iss: TRAVELER.iss, sub: 'other' }))).code).toBe(
      'resource_access_denied',
    );
    const single = setup();
    expect((await failure(single.roomCancel.execute({ bookingId: single.b.id, room: 1 }, agentActor(), TRAVELER))).code).toBe('booking_room_not_found');
  });
});
