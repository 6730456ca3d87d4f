import type { Receipt } from '@hcs/contracts';
import { AGENT, booking as bookingFixture, eur, quoteRecord, TENANT, TRAVELER } from '../../testing/chain-fixtures';
import { capturedPayment, Confirmation, confirmationAudit, confirmationOutbox, confirmationReceiptSubject, confirmedBooking } from './confirmation-records';

describe('confirmation records', () => {
  const quote = quoteRecord();
  const confirmation: Confirmation = {
    bookingId: 'b-1',
    tenantId: TENANT,
    agentId: AGENT,
    hold: { id: 'h-1' },
    quote,
    traveler: { ...TRAVELER, extra: 'not kept' } as typeof TRAVELER,
    guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
    idempotencyKey: 'key-1',
    providerReference: 'ch_1',
  };
  const receipt = { payload_hash: 'hash-1' } as Receipt;
  const now = new Date('2099-01-01T00:00:00Z');

  it('signs the booking, its stay, price, policy, traveler and charge', () => {
    expect(confirmationReceiptSubject(confirmation)).toEqual({
      booking_id: 'b-1',
      tenant_id: TENANT,
      agent_id: AGENT,
      quote_id: quote.id,
      hold_id: 'h-1',
      property_id: quote.propertyId,
      room_type_id: quote.roomTypeId,
      rate_plan_id: quote.ratePlanId,
      check_in: quote.stay.check_in,
      check_out: quote.stay.check_out,
      total_amount: quote.priceBreakdown.total.amount,
      currency: 'EUR',
      payable_online_amount: quote.priceBreakdown.total.amount,
      payable_at_property_amount: 0,
      policy_id: quote.policySnapshot.policy_id,
      policy_version: quote.policySnapshot.version,
      cancellation_kind: quote.policySnapshot.cancellation_kind,
      traveler_iss: TRAVELER.iss,
      traveler_sub: TRAVELER.sub,
      payment_reference: 'ch_1',
    });
  });

  it('builds a confirmed booking from the quote, with only iss and sub of the traveler', () => {
    const booking = confirmedBooking(confirmation, receipt, now);
    expect(booking).toMatchObject({
      id: 'b-1',
      tenantId: TENANT,
      agentId: AGENT,
      quoteId: quote.id,
      holdId: 'h-1',
      stay: quote.stay,
      guests: quote.guests,
      priceBreakdown: quote.priceBreakdown,
      policySnapshot: quote.policySnapshot,
      idempotencyKey: 'key-1',
      state: 'confirmed',
      confirmationReceipt: receipt,
      cancellation: null,
      cancellationReceipt: null,
      createdAt: now,
    });
    expect(booking.traveler).toEqual(TRAVELER);
  });

  it('captures the attempt amount with nothing refunded', () => {
    const payment = capturedPayment('p-1', { id: 'b-1', tenantId: TENANT }, { amount: eur(20000) }, 'ch_1', now);
    expect(payment).toEqual({
      id: 'p-1',
      tenantId: TENANT,
      bookingId: 'b-1',
      amount: eur(20000),
      refunded: eur(0),
      state: 'captured',
      providerReference: 'ch_1',
      capturedAt: now,
    });
  });

  it('audits the confirmation first, then the capture, then what else the confirmation records', () => {
    const booking = bookingFixture();
    const payment = capturedPayment('p-1', booking, { amount: booking.priceBreakdown.total }, 'ch_1', now);
    const context = { actor: { kind: 'agent' as const, id: AGENT }, traceId: 'trace', traveler: TRAVELER };
    const followUp = { type: 'follow_up.scheduled', actor: context.actor, traceId: 'trace' };
    const audit = confirmationAudit(booking, payment, context, receipt, [followUp]);
    expect(audit.map((a) => a.type)).toEqual(['booking.confirmed', 'payment.captured', 'follow_up.scheduled']);
    expect(audit[0]).toEqual({
      type: 'booking.confirmed',
      actor: context.actor,
      traveler: TRAVELER,
      traceId: 'trace',
      data: { total: booking.priceBreakdown.total, policy_version: booking.policySnapshot.version, receipt_payload_hash: 'hash-1' },
    });
    expect(audit[1].data).toEqual({ payment_id: 'p-1', amount: payment.amount, provider_reference: 'ch_1' });
  });

  it('numbers the booking.confirmed event by the first audit entry', () => {
    expect(confirmationOutbox('b-1', { booking_id: 'b-1' }, 'trace')).toEqual([
      { type: 'booking.confirmed', aggregateType: 'booking', aggregateId: 'b-1', traceId: 'trace', payload: { booking_id: 'b-1' }, auditIndex: 0 },
    ]);
  });
});
