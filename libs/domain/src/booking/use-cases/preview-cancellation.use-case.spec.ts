import { DomainError } from '../../errors/domain-error';
import { agentActor, booking, eur, FakeBookings, FakePayments, snapshot, TRAVELER } from '../../testing/fake-chain-ports';
import { BookingAccess } from '../services/booking-access';
import { PreviewCancellation } from './preview-cancellation.use-case';

function setup(overrides: Parameters<typeof booking>[0] = {}, refunded = 0) {
  const bookings = new FakeBookings();
  const payments = new FakePayments();
  const b = booking(overrides);
  bookings.rows.push(b);
  payments.add(b.id, b.priceBreakdown.total.amount, refunded);
  return { useCase: new PreviewCancellation(new BookingAccess(bookings), payments), b };
}

describe('PreviewCancellation', () => {
  it('is free with free_until before the cutoff', async () => {
    const { useCase, b } = setup();
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    expect(outcome.data).toEqual({ fee: eur(0), refund: eur(20000), policy_version: '2', free_until: '2099-05-08T13:00:00Z' });
    expect(outcome.meta.next_actions?.map((a) => a.rel)).toEqual(['cancel', 'get']);
  });

  it('charges the percentage after the cutoff and refunds only what remains refundable', async () => {
    const { useCase, b } = setup({ policySnapshot: snapshot({ free_cancellation_until: '2000-01-01T00:00:00Z', check_in_at: '2000-01-03T00:00:00Z' }) }, 15000);
    const outcome = await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER);
    expect(outcome.data).toEqual({ fee: eur(10000), refund: eur(5000), policy_version: '2' });
  });

  it('non-refundable: the whole total, nothing back', async () => {
    const { useCase, b } = setup({ policySnapshot: snapshot({ cancellation_kind: 'non_refundable', free_cancellation_until: null, version: '1' }) });
    expect((await useCase.execute({ bookingId: b.id }, agentActor(), TRAVELER)).data).toEqual({ fee: eur(20000), refund: eur(0), policy_version: '1' });
  });

  it("applies cancel's rules: the same traveler, a cancellable booking", async () => {
    const { useCase, b } = setup();
    await expect(useCase.execute({ bookingId: b.id }, agentActor(), { ...TRAVELER, sub: 'other' })).rejects.toMatchObject({ code: 'resource_access_denied' });
    const cancelled = setup({ state: 'cancelled' });
    const e = (await cancelled.useCase.execute({ bookingId: cancelled.b.id }, agentActor(), TRAVELER).catch((x: unknown) => x)) as DomainError;
    expect([e.code, e.detail.reason]).toEqual(['booking_not_cancellable', 'already_cancelled']);
  });
});
