import type { Money } from '../money/money';
import { withCancellationTimeline } from './rules/cancellation-timeline';
import { cancellationBase } from './rules/cancellation-fee';
import { withPayableSplit } from './rules/pricing';
import type {
  BookingAuthorizationRecord,
  BookingRecord,
  BookingRoom,
  HoldRecord,
  PaymentRecord,
  PolicySnapshot,
  PriceBreakdown,
  QuoteRecord,
  RefundRecord,
  ScheduleEntry,
} from './chain.types';

/**
 * The frozen price and terms as read: breakdowns and snapshots frozen without a payable split restate
 * it (all online), and a snapshot without a timeline gets it computed on its fee base.
 */
function frozenTerms(price: PriceBreakdown, snapshot: PolicySnapshot, checkIn: string) {
  const priceBreakdown = withPayableSplit(price);
  const terms = withCancellationTimeline(snapshot, checkIn, cancellationBase(priceBreakdown));
  const policySnapshot = terms.payable_online
    ? terms
    : { ...terms, payable_online: priceBreakdown.payable_online, payable_at_property: priceBreakdown.payable_at_property };
  return { price_breakdown: priceBreakdown, policy_snapshot: policySnapshot };
}

/** The read models the chain answers with (the same for REST and MCP). */
export function quoteView(q: QuoteRecord) {
  return {
    quote_id: q.id,
    hotel_id: q.propertyId,
    room_type_id: q.roomTypeId,
    rate_plan_id: q.ratePlanId,
    stay: q.stay,
    guests: q.guests,
    ...frozenTerms(q.priceBreakdown, q.policySnapshot, q.stay.check_in),
    created_at: q.createdAt.toISOString(),
    expires_at: q.expiresAt.toISOString(),
  };
}
export type QuoteView = ReturnType<typeof quoteView>;

export function holdView(
  h: Pick<HoldRecord, 'id' | 'quoteId' | 'state' | 'roomTypeId' | 'stay' | 'createdAt' | 'expiresAt'>,
  quote: Pick<QuoteRecord, 'propertyId' | 'ratePlanId' | 'priceBreakdown'>,
) {
  return {
    hold_id: h.id,
    quote_id: h.quoteId,
    state: h.state,
    hotel_id: quote.propertyId,
    room_type_id: h.roomTypeId,
    rate_plan_id: quote.ratePlanId,
    stay: h.stay,
    total: quote.priceBreakdown.total,
    created_at: h.createdAt.toISOString(),
    expires_at: h.expiresAt.toISOString(),
  };
}
export type HoldView = ReturnType<typeof holdView>;

export function bookingView(b: BookingRecord, payment: PaymentRecord | null) {
  const view = {
    booking_id: b.id,
    state: b.state,
    quote_id: b.quoteId,
    hold_id: b.holdId,
    property_id: b.propertyId,
    room_type_id: b.roomTypeId,
    rate_plan_id: b.ratePlanId,
    stay: b.stay,
    guests: b.guests,
    guest: b.guest,
    ...frozenTerms(b.priceBreakdown, b.policySnapshot, b.stay.check_in),
    payment: payment
      ? {
          state: payment.state,
          amount: payment.amount,
          refunded: payment.refunded,
          captured_at: payment.capturedAt.toISOString(),
          schedule: scheduleView(payment),
        }
      : null,
    traveler: b.traveler,
    agent_id: b.agentId,
    created_at: b.createdAt.toISOString(),
    property_confirmation_id: b.propertyConfirmationId ?? null,
  };
  // `rooms` only for a booking made from a `rooms` quote (docs/booking-chain.md "Several rooms").
  const withRooms = b.rooms ? { ...view, rooms: b.rooms.map(bookingRoomView) } : view;
  return b.cancellation ? { ...withRooms, cancellation: b.cancellation } : withRooms;
}

/**
 * `payment.schedule` (docs/payments.md "The schedule"): the stored charges in due order; a payment
 * with none stored was paid in full at booking (one `full` entry, captured), unless it only
 * guarantees a card (pay at property: nothing charged through us).
 */
export function scheduleView(payment: PaymentRecord): Array<{ kind: ScheduleEntry['kind']; due_at: string; amount: Money; state: ScheduleEntry['state'] }> {
  const stored = payment.schedule ?? [];
  if (stored.length === 0) {
    if (payment.state === 'guaranteed' || (payment.cardReference && payment.amount.amount === 0)) return [];
    return [{ kind: 'full', due_at: payment.capturedAt.toISOString(), amount: payment.amount, state: 'captured' }];
  }
  return stored.map((e) => ({ kind: e.kind, due_at: e.dueAt, amount: e.amount, state: e.state }));
}

/** A booking's room as the booking read shows it: `{room, guests, state, full_name?}`. */
export function bookingRoomView(r: BookingRoom) {
  return { room: r.room, guests: r.guests, state: r.state, ...(r.full_name !== undefined ? { full_name: r.full_name } : {}) };
}
export type BookingView = ReturnType<typeof bookingView>;

export function refundView(r: RefundRecord) {
  return { refund_id: r.id, booking_id: r.bookingId, amount: r.amount, state: r.state, reason: r.reason, created_at: r.createdAt.toISOString() };
}

export function bookingAuthorizationView(a: BookingAuthorizationRecord) {
  const state = a.usedAt ? 'used' : a.expired ? 'expired' : 'active';
  const maxAmount: Money = a.maxAmount;
  return {
    booking_authorization_id: a.id,
    agent_id: a.agentId,
    max_amount: maxAmount,
    traveler_sub: a.travelerSub,
    traveler_iss: a.travelerIss,
    expires_at: a.expiresAt.toISOString(),
    state,
    used_at: a.usedAt?.toISOString() ?? null,
    booking_id: a.bookingId,
    created_at: a.createdAt.toISOString(),
  };
}
