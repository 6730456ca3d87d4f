import type { AppConfig } from '@hcs/platform';
import { agentActor, AGENT, booking, FakeBookings, FakePayments, TENANT } from '../../testing/fake-chain-ports';
import { FakeClientReferences } from '../../testing/fake-client-references';
import { FindBookingByClientReference } from './find-booking-by-client-reference.use-case';

describe('FindBookingByClientReference', () => {
  const config = { paymentTimeoutMs: 10_000 } as AppConfig;
  let references: FakeClientReferences;
  let bookings: FakeBookings;
  let payments: FakePayments;
  let useCase: FindBookingByClientReference;

  beforeEach(() => {
    references = new FakeClientReferences();
    bookings = new FakeBookings();
    payments = new FakePayments();
    useCase = new FindBookingByClientReference(references, bookings, payments, config);
  });

  it('confirmed: the booking as GET /v1/bookings/{id} shows it, its receipt, and get first', async () => {
    const b = booking();
    bookings.rows.push(b);
    payments.add(b.id, b.priceBreakdown.total.amount);
    references.add({ tenantId: TENANT, agentId: AGENT, clientReference: 'r1', holdId: b.holdId, state: 'confirmed', bookingId: b.id });
    const out = await useCase.execute({ clientReference: 'r1' }, agentActor());
    expect(out.data).toMatchObject({
      client_reference: 'r1',
      state: 'confirmed',
      hold_id: b.holdId,
      booking: { booking_id: b.id },
      error_code: null,
      retry_after: null,
    });
    expect(out.meta.receipt).toEqual(b.confirmationReceipt);
    expect(out.meta.next_actions?.map((a) => a.rel)).toEqual(['get', 'cancel', 'get_audit']);
  });

  it('failed: the error code and detail; pending: retry_after and a retry of the lookup', async () => {
    const failure = { code: 'payment_failed' as const, status: 402, detail: { provider_message: 'Your card was declined.' } };
    references.add({ tenantId: TENANT, agentId: AGENT, clientReference: 'r2', holdId: 'h', state: 'failed', failure });
    const failed = await useCase.execute({ clientReference: 'r2' }, agentActor());
    expect(failed.data).toMatchObject({ state: 'failed', booking: null, error_code: 'payment_failed', error_detail: failure.detail, retry_after: null });

    references.add({ tenantId: TENANT, agentId: AGENT, clientReference: 'r3', holdId: 'h', state: 'pending', updatedAt: new Date() });
    const pending = await useCase.execute({ clientReference: 'r3' }, agentActor());
    expect(pending.data.state).toBe('pending');
    expect(pending.data.retry_after).toBeGreaterThanOrEqual(9);
    expect(pending.meta.next_actions).toEqual([{ rel: 'retry', method: 'GET', href: '/v1/bookings?client_reference=r3' }]);
  });

  it("another agent's or another tenant's reference of the same name is booking_not_found", async () => {
    references.add({
      tenantId: TENANT,
      agentId: AGENT,
      clientReference: 'mine',
      holdId: 'h',
      state: 'failed',
      failure: { code: 'hold_expired', status: 410, detail: {} },
    });
    await expect(useCase.execute({ clientReference: 'mine' }, agentActor('44444444-4444-4444-8444-444444444444'))).rejects.toMatchObject({
      code: 'booking_not_found',
      detail: { client_reference: 'mine' },
    });
    await expect(useCase.execute({ clientReference: 'mine' }, agentActor(AGENT, '55555555-5555-4555-8555-555555555555'))).rejects.toMatchObject({
      code: 'booking_not_found',
    });
  });
});
