import type { NextAction } from '@hcs/contracts';
import type { Money } from '../money/money';
import type { BookingRecord, HoldRecord, QuoteRecord } from './chain.types';

/** The next steps of the chain, with real ids: what every answer points the agent to. */
export const nextActions = {
  createHold: (quote: QuoteRecord): NextAction => ({
    rel: 'create_hold',
    method: 'POST',
    href: '/v1/holds',
    body_hint: { quote_id: quote.id },
    expires_at: quote.expiresAt.toISOString(),
  }),
  requote: (quote: Pick<QuoteRecord, 'propertyId' | 'roomTypeId' | 'ratePlanId' | 'stay' | 'guests'>): NextAction => ({
    rel: 'requote',
    method: 'POST',
    href: '/v1/quotes',
    body_hint: { hotel_id: quote.propertyId, room_type_id: quote.roomTypeId, rate_plan_id: quote.ratePlanId, stay: quote.stay, guests: quote.guests },
  }),
  confirm: (hold: HoldRecord): NextAction => ({
    rel: 'confirm',
    method: 'POST',
    href: '/v1/bookings',
    body_hint: {
      hold_id: hold.id,
      quote_id: hold.quoteId,
      guest: { primary: { full_name: '<traveler name>', email: '<email>', phone: '<phone>' } },
      payment: { method: 'card', provider_token: '<token>', billing_country: '<ISO 3166 alpha-2>' },
    },
    expires_at: hold.expiresAt.toISOString(),
  }),
  release: (hold: HoldRecord): NextAction => ({
    rel: 'release',
    method: 'POST',
    href: `/v1/holds/${hold.id}/release`,
    expires_at: hold.expiresAt.toISOString(),
  }),
  getBooking: (booking: Pick<BookingRecord, 'id'>): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/bookings/${booking.id}` }),
  cancel: (booking: Pick<BookingRecord, 'id'>): NextAction => ({
    rel: 'cancel',
    method: 'POST',
    href: `/v1/bookings/${booking.id}/cancel`,
    body_hint: { reason: '<optional reason>' },
  }),
  audit: (booking: Pick<BookingRecord, 'id'>): NextAction => ({ rel: 'get_audit', method: 'GET', href: `/v1/bookings/${booking.id}/audit` }),
  refund: (refundId: string): NextAction => ({ rel: 'get_refund', method: 'GET', href: `/v1/refunds/${refundId}` }),
  /** Admin only: refund (part of) what remains of the booking's payment. */
  issueRefund: (booking: Pick<BookingRecord, 'id'>, remaining: Money): NextAction => ({
    rel: 'issue_refund',
    method: 'POST',
    href: `/v1/admin/bookings/${booking.id}/refunds`,
    body_hint: { amount: remaining.amount, reason: '<optional reason>' },
  }),
  search: (): NextAction => ({ rel: 'search', method: 'POST', href: '/v1/search' }),
};
