import { DateTime } from 'luxon';
import { DomainError } from '../../errors/domain-error';
import {
  adminActor,
  agentActor,
  booking,
  eur,
  FakeAudit,
  FakeBookings,
  FakeNights,
  FakeOutbox,
  FakePayments,
  FakePaymentSchedule,
  FakeQuoteSource,
  fakeContext,
  snapshot,
  TRAVELER,
} from '../../testing/fake-chain-ports';
import { BookingAccess } from '../services/booking-access';
import { ChainRecorder } from '../services/chain-recorder';
import { ModifyBooking } from './modify-booking.use-case';
import type { StayFollowUps } from '../ports/stay-follow-ups';
import type { Stay } from '../../stay/stay-rules';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

const day = (offset: number) => DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: offset }).toISODate() as string;
const stay = (start: number, nights = 2) => ({ check_in: day(start), check_out: day(start + nights) });

function setup(overrides: Parameters<typeof booking>[0] = {}) {
  const bookings = new FakeBookings();
  const payments = new FakePayments();
  const source = new FakeQuoteSource();
  const nights = new FakeNights(1);
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const rescheduled: Array<{ bookingId: string; stay: Stay }> = [];
  const followUps = {
    rescheduleForStay: async (_t: string, bookingId: string, s: Stay) => void rescheduled.push({ bookingId, stay: s }),
  } as unknown as StayFollowUps;
  const useCase = new ModifyBooking(
    new BookingAccess(bookings),
    bookings,
    payments,
    source,
    nights,
    new ChainRecorder(audit, outbox, fakeContext()),
    followUps,
    new FakePaymentSchedule(payments),
  );
  const b = booking({ stay: stay(20), ...overrides });
  bookings.rows.push(b);
  payments.add(b.id, b.priceBreakdown.total.amount);
  for (const n of [day(20), day(21)]) nights.nights.set(n, { allotment: 1, held: 0, sold: 1 });
  return { bookings, source, nights, audit, outbox, useCase, b, rescheduled };
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('ModifyBooking', () => {
  it('moves stay, price, policy snapshot and the room; audit and event carry the booking view', async () => {
    const { useCase, b, nights, audit, outbox, rescheduled } = setup();
    const outcome = await useCase.execute({ bookingId: b.id, stay: stay(21) }, agentActor(), TRAVELER);
    // Scheduled guest follow-ups move with the stay (docs/follow-ups.md).
    expect(rescheduled).toEqual([{ bookingId: b.id, stay: stay(21) }]);
    expect(outcome.data).toMatchObject({ stay: stay(21), price_breakdown: { total: eur(20000) } });
    expect(outcome.data.price_breakdown.nights.map((n) => n.date)).toEqual([day(21), day(22)]);
    expect(outcome.data.policy_snapshot).toMatchObject({ version: '2', timezone: 'Europe/Paris', cancellation_timeline: expect.any(Array) });
    expect([...nights.nights.entries()].map(([n, c]) => [n, c.sold]).sort()).toEqual([
      [day(20), 0],
      [day(21), 1],
      [day(22), 1],
    ]);
    expect(audit.events).toEqual([expect.objectContaining({ type: 'booking.modified', data: { previous_stay: stay(20), stay: stay(21), total: eur(20000) } })]);
    expect(outbox.events).toEqual([expect.objectContaining({ type: 'booking.modified', aggregateType: 'booking', aggregateId: b.id, payload: outcome.data })]);
  });

  it('refuses another traveler and another agent', async () => {
    const { useCase, b } = setup();
    expect((await failure(useCase.execute({ bookingId: b.id, stay: stay(25) }, agentActor(), { ...TRAVELER, sub: 'x' }))).code).toBe('resource_access_denied');
    expect((await failure(useCase.execute({ bookingId: b.id, stay: stay(25) }, agentActor('55555555-5555-4555-8555-555555555555'), TRAVELER))).code).toBe(
      'resource_access_denied',
    );
    expect(
      (await failure(useCase.execute({ bookingId: b.id, stay: stay(25) }, adminActor(undefined, '99999999-9999-4999-8999-999999999999'), TRAVELER))).code,
    ).toBe('booking_not_found');
  });

  it('booking_not_modifiable: cancelled, started, non-refundable', async () => {
    const cancelled = setup({ state: 'cancelled' });
    const e1 = await failure(cancelled.useCase.execute({ bookingId: cancelled.b.id, stay: stay(25) }, agentActor(), TRAVELER));
    expect([e1.code, e1.detail.state, e1.detail.reason]).toEqual(['booking_not_modifiable', 'cancelled', 'cancelled']);
    const started = setup({ stay: stay(0, 1) });
    const e2 = await failure(started.useCase.execute({ bookingId: started.b.id, stay: stay(25, 1) }, agentActor(), TRAVELER));
    expect([e2.code, e2.detail.reason]).toEqual(['booking_not_modifiable', 'stay_started']);
    const nonRef = setup({ policySnapshot: snapshot({ cancellation_kind: 'non_refundable', free_cancellation_until: null }) });
    const e3 = await failure(nonRef.useCase.execute({ bookingId: nonRef.b.id, stay: stay(25) }, agentActor(), TRAVELER));
    expect([e3.code, e3.detail.reason]).toEqual(['booking_not_modifiable', 'non_refundable']);
  });

  it('booking_modification_price_change with both totals for other nights or other rates', async () => {
    const { useCase, b, source } = setup();
    const longer = await failure(useCase.execute({ bookingId: b.id, stay: stay(25, 3) }, agentActor(), TRAVELER));
    expect(longer.code).toBe('booking_modification_price_change');
    expect(longer.detail).toMatchObject({ old_total: eur(20000), new_total: eur(30000) });
    source.dailyRates = { [day(26)]: 12000 };
    const pricier = await failure(useCase.execute({ bookingId: b.id, stay: stay(25) }, agentActor(), TRAVELER));
    expect(pricier.detail).toMatchObject({ old_total: eur(20000), new_total: eur(22000) });
  });

  it('allotment_exhausted when a new night is full, and validation of the stay', async () => {
    const { useCase, b, nights } = setup();
    nights.nights.set(day(31), { allotment: 1, held: 1, sold: 0 });
    const full = await failure(useCase.execute({ bookingId: b.id, stay: stay(30) }, agentActor(), TRAVELER));
    expect([full.code, full.detail.dates]).toEqual(['allotment_exhausted', [day(31)]]);
    // (Fakes have no rollback: the next checks start from a fresh booking.)
    const fresh = setup();
    const same = await failure(fresh.useCase.execute({ bookingId: fresh.b.id, stay: stay(20) }, agentActor(), TRAVELER));
    expect(same.code).toBe('validation_failed');
    const past = await failure(fresh.useCase.execute({ bookingId: fresh.b.id, stay: stay(-5) }, agentActor(), TRAVELER));
    expect(past.detail.field_errors).toEqual([{ path: 'stay.check_in', message: expect.stringContaining('past') }]);
  });

  it('moves every room still confirmed of a booking of several rooms: its units leave the old nights and take the new ones', async () => {
    const party = { adults: 1, children: [] };
    const rooms = [
      { room: 1, guests: party, state: 'confirmed' as const },
      { room: 2, guests: party, state: 'cancelled' as const },
      { room: 3, guests: party, state: 'confirmed' as const },
    ];
    const old = stay(20);
    const { useCase, b, nights, audit } = setup({ rooms, priceBreakdown: { ...booking({ stay: old }).priceBreakdown, total: eur(60000) } });
    for (const n of [day(20), day(21)]) nights.nights.set(n, { allotment: 5, held: 0, sold: 2 });
    nights.nights.set(day(22), { allotment: 2, held: 0, sold: 0 });
    const outcome = await useCase.execute({ bookingId: b.id, stay: stay(21) }, agentActor(), TRAVELER);
    expect(outcome.data.price_breakdown.total).toEqual(eur(60000));
    expect(outcome.data.price_breakdown.rooms?.map((r) => r.room)).toEqual([1, 2, 3]);
    expect([...nights.nights.entries()].map(([n, c]) => [n, c.sold]).sort()).toEqual([
      [day(20), 0],
      [day(21), 2],
      [day(22), 2],
    ]);
    expect(audit.events[0].data).toMatchObject({ units: 2 });
  });
});
