import type { Receipt } from '@hcs/contracts';
import type { BookingGuest, BookingRecord, BookingRoom, HoldRecord, PaymentRecord, QuoteRecord, ScheduleEntry, Traveler } from '../chain.types';
import type { BookingCharge } from './payment-terms';
import type { ChainAuditEntry } from '../ports/chain-audit-entry';
import type { NewOutboxEvent } from '../ports/outbox-writer';
import type { PaymentAttemptRecord } from '../ports/payment.repository';
import type { ReceiptSubject } from './receipt-canonical';
import { auditEntry, AuditContext } from './audit-entry';
import { payableAtProperty, payableOnline } from './pricing';

/**
 * The records a confirmed booking writes, decided before the one statement that writes them
 * (docs/booking-chain.md): the receipt subject, the booking, its captured payment, the audit
 * entries and the outbox event. Ids and times come from the caller, so each builder is pure.
 */
export interface Confirmation {
  bookingId: string;
  tenantId: string;
  agentId: string;
  hold: Pick<HoldRecord, 'id'>;
  quote: QuoteRecord;
  traveler: Traveler;
  guest: BookingGuest;
  idempotencyKey: string;
  /** The payment provider's reference of the charge (of the kept card, for a guarantee). */
  providerReference: string;
  /** What the booking took under its payment terms; absent = paid in full (docs/payments.md). */
  charge?: BookingCharge;
}

/** What the `booking_confirmed` receipt signs. */
export function confirmationReceiptSubject(c: Confirmation): ReceiptSubject {
  const { quote } = c;
  const total = quote.priceBreakdown.total;
  return {
    booking_id: c.bookingId,
    tenant_id: c.tenantId,
    agent_id: c.agentId,
    quote_id: quote.id,
    hold_id: c.hold.id,
    property_id: quote.propertyId,
    room_type_id: quote.roomTypeId,
    rate_plan_id: quote.ratePlanId,
    check_in: quote.stay.check_in,
    check_out: quote.stay.check_out,
    total_amount: total.amount,
    currency: total.currency,
    // What the payment charged and what the hotel collects (docs/catalog.md "Taxes and fees"), signed with the total.
    payable_online_amount: payableOnline(quote.priceBreakdown).amount,
    payable_at_property_amount: payableAtProperty(quote.priceBreakdown).amount,
    policy_id: quote.policySnapshot.policy_id,
    policy_version: quote.policySnapshot.version,
    cancellation_kind: quote.policySnapshot.cancellation_kind,
    traveler_iss: c.traveler.iss,
    traveler_sub: c.traveler.sub,
    payment_reference: c.providerReference,
    // Terms other than prepay are signed with what they took and what is left (docs/payments.md).
    ...termsSubject(quote, c.charge),
  };
}

function termsSubject(quote: QuoteRecord, charge: BookingCharge | undefined): ReceiptSubject {
  const terms = quote.policySnapshot.payment_terms;
  if (!terms || !charge) return {};
  return {
    payment_terms_kind: terms.kind,
    charged_at_booking_amount: charge.amount.amount,
    ...(charge.balance ? { balance_amount: charge.balance.amount.amount, balance_due_at: charge.balance.dueAt } : {}),
  };
}

/** The rooms of a booking made from a `rooms` quote, all confirmed, with the names the body gave; null for a `guests` quote. */
export function bookingRooms(quote: Pick<QuoteRecord, 'rooms'>, guest: BookingGuest): BookingRoom[] | null {
  if (!quote.rooms) return null;
  const names = new Map((guest.rooms ?? []).map((r) => [r.room, r.full_name]));
  return quote.rooms.map((guests, i) => {
    const name = names.get(i + 1);
    return { room: i + 1, guests, state: 'confirmed' as const, ...(name !== undefined ? { full_name: name } : {}) };
  });
}

/** The confirmed booking, as written and as GET /v1/bookings/{id} shows it. */
export function confirmedBooking(c: Confirmation, receipt: Receipt, now: Date): BookingRecord {
  const { quote } = c;
  return {
    id: c.bookingId,
    tenantId: c.tenantId,
    agentId: c.agentId,
    quoteId: quote.id,
    holdId: c.hold.id,
    propertyId: quote.propertyId,
    roomTypeId: quote.roomTypeId,
    ratePlanId: quote.ratePlanId,
    stay: quote.stay,
    guests: quote.guests,
    guest: { primary: c.guest.primary },
    rooms: bookingRooms(quote, c.guest),
    priceBreakdown: quote.priceBreakdown,
    policySnapshot: quote.policySnapshot,
    traveler: { iss: c.traveler.iss, sub: c.traveler.sub },
    idempotencyKey: c.idempotencyKey,
    state: 'confirmed',
    confirmationReceipt: receipt,
    cancellation: null,
    cancellationReceipt: null,
    createdAt: now,
  };
}

/**
 * The booking's payment: the attempt's amount, captured under the provider's reference. Under a
 * deposit it is `scheduled` with its schedule (the deposit captured, the balance due, `entryIds`
 * naming them); under pay at property `guaranteed` (nothing captured, the card kept).
 */
export function capturedPayment(
  paymentId: string,
  booking: Pick<BookingRecord, 'id' | 'tenantId'>,
  attempt: Pick<PaymentAttemptRecord, 'amount'>,
  providerReference: string,
  now: Date,
  kept: { charge: BookingCharge; cardReference: string | null; entryIds: [string, string] } | null = null,
): PaymentRecord {
  const payment: PaymentRecord = {
    id: paymentId,
    tenantId: booking.tenantId,
    bookingId: booking.id,
    amount: attempt.amount,
    refunded: { amount: 0, currency: attempt.amount.currency },
    state: 'captured',
    providerReference,
    capturedAt: now,
  };
  if (!kept || kept.charge.kind === 'full') return payment;
  const { charge, cardReference, entryIds } = kept;
  if (charge.kind === 'guarantee') return { ...payment, state: 'guaranteed', cardReference, schedule: [] };
  const schedule: ScheduleEntry[] = [
    { id: entryIds[0], kind: 'deposit', dueAt: now.toISOString(), amount: charge.amount, state: 'captured', providerReference },
  ];
  if (charge.balance)
    schedule.push({
      id: entryIds[1],
      kind: 'balance',
      dueAt: charge.balance.dueAt,
      amount: charge.balance.amount,
      state: 'scheduled',
      providerReference: null,
    });
  return { ...payment, state: charge.balance ? 'scheduled' : 'captured', cardReference, schedule };
}

/** `booking.confirmed` then `payment.captured`, then whatever else the confirmation records (follow-ups). */
export function confirmationAudit(
  booking: BookingRecord,
  payment: PaymentRecord,
  context: AuditContext,
  receipt: Receipt,
  more: ChainAuditEntry[] = [],
): ChainAuditEntry[] {
  return [
    auditEntry('booking.confirmed', context, {
      total: booking.priceBreakdown.total,
      policy_version: booking.policySnapshot.version,
      receipt_payload_hash: receipt.payload_hash,
      // A booking of several rooms names how many it sold (docs/booking-chain.md "Several rooms").
      ...(booking.rooms ? { rooms: booking.rooms.length } : {}),
    }),
    payment.state === 'guaranteed'
      ? auditEntry('payment.guaranteed', context, { payment_id: payment.id, card_reference: payment.cardReference ?? null })
      : auditEntry('payment.captured', context, {
          payment_id: payment.id,
          amount: payment.amount,
          provider_reference: payment.providerReference,
          // A deposit names itself and the balance it leaves (docs/payments.md).
          ...(payment.schedule?.length
            ? { kind: 'deposit', schedule: payment.schedule.map((e) => ({ kind: e.kind, due_at: e.dueAt, amount: e.amount })) }
            : {}),
        }),
    ...more,
  ];
}

/**
 * The `booking.confirmed` event: it carries the booking as GET /v1/bookings/{id} shows it (`view`),
 * numbered by the first audit entry (`booking.confirmed`).
 */
export function confirmationOutbox(
  bookingId: string,
  view: Record<string, unknown>,
  traceId: string,
): Array<Omit<NewOutboxEvent, 'tenantId'> & { auditIndex: number }> {
  return [{ type: 'booking.confirmed', aggregateType: 'booking', aggregateId: bookingId, traceId, payload: view, auditIndex: 0 }];
}
