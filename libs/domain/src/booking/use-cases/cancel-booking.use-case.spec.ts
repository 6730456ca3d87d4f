import { DateTime } from 'luxon';
import { DomainError } from '../../errors/domain-error';
import { adminActor, agentActor, booking, eur, priceOf, snapshot, TRAVELER } from '../../testing/chain-fixtures';
import {
  FakeAudit,
  FakeBookings,
  FakeNights,
  FakeOutbox,
  FakePayments,
  FakeProvider,
  FakeRefunds,
  fakeContext,
  fakeSigner,
} from '../../testing/fake-chain-ports';
import { FakeStayFollowUps } from '../../testing/fake-hold-ports';
import { BookingAccess } from '../services/booking-access';
import { CancelBooking } from './cancel-booking.use-case';
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
  const refunder = new RefundIssuer(payments, refunds, provider, audit, outbox, signer, context);
  const useCase = new CancelBooking(
    new BookingAccess(bookings),
    bookings,
    payments,
    refunder,
    nights,
    signer,
    new ChainRecorder(audit, outbox, context),
    followUps,
  );
  const stay = { check_in: day(20), check_out: day(22) };
  const b = booking({ stay, policySnapshot: snapshot({ check_in_at: `${day(20)}T13:00:00Z`, free_cancellation_until: `${day(18)}T13:00:00Z` }), ...overrides });
  bookings.rows.push(b);
  payments.add(b.id, b.priceBreakdown.total.amount);
  for (const n of [day(20), day(21)]) nights.nights.set(n, { allotment: 1, held: 0, sold: 1 });
  return { useCase, b, bookings, payments, refunds, provider, nights, audit, outbox, followUps };
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
