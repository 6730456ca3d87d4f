import type { Money } from '../money/money';
import type { Stay } from '../stay/stay-rules';
import type { CancellationKind, PaymentTerms } from '../catalog/catalog';

export type { CancellationKind };

/** The party of one room (docs/api-contract.md "Pricing and party"). */
export interface Guests {
  adults: number;
  children: Array<{ age: number }>;
}

export interface PricedNight {
  date: string;
  amount: Money;
}

/** A tax or fee of a breakdown: `rate_bps` for a share of the subtotal, absent for a fixed amount. */
export interface PricedTax {
  code: string;
  name: string;
  rate_bps?: number;
  amount: Money;
  /** Already inside the nightly amounts: shown, not added to the total. */
  included: boolean;
  /** Charged through us (`online`) or collected by the hotel (`at_property`). */
  payable: 'online' | 'at_property';
}

export type PricedFee = PricedTax;

/** What the hotel collects; `local` in the property's currency when the quote's differs. */
export interface PayableAtProperty extends Money {
  local?: Money;
}

/** One room of a quote made with `rooms` (docs/booking-chain.md "Several rooms"). */
export interface PricedRoom {
  /** 1-based position in the quote's `rooms`. */
  room: number;
  guests: Guests;
  nights: PricedNight[];
  subtotal: Money;
}

/** A quote's frozen price (docs/api-contract.md "Pricing and party"). Every amount is an integer in the currency's minor unit. */
export interface PriceBreakdown {
  currency: string;
  nights: PricedNight[];
  subtotal: Money;
  taxes: PricedTax[];
  fees: PricedFee[];
  /** subtotal + the items not included; = payable_online + payable_at_property. */
  total: Money;
  /** Only on a quote made with `rooms` (even one): each room's party and price; the top level is their sum. */
  rooms?: PricedRoom[];
  /** What is charged through us. A breakdown frozen without it reads with it restated (`withPayableSplit`). */
  payable_online: Money;
  payable_at_property: PayableAtProperty;
}

/** The cancellation terms frozen at quote time; cancellation fees are computed from this only. */
export interface PolicySnapshot {
  policy_id: string;
  version: string;
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin: number;
  cancellation_fee_pct_after_cutoff: number;
  /** Last instant of free cancellation (RFC 3339 UTC); null for non-refundable terms. */
  free_cancellation_until: string | null;
  child_policy_text: string | null;
  /** Check-in at the property's check-in time in its time zone, as an instant (RFC 3339 UTC). */
  check_in_at: string;
  /** The property's time zone: "the stay has started" is decided on its local date. */
  timezone: string;
  /** `[{until, fee}]`: the fee of a cancellation before each instant (docs/back-office.md). */
  cancellation_timeline?: CancellationTimelineEntry[];
  /** The price's split frozen with the terms (docs/catalog.md "Taxes and fees"); restated on read where absent. */
  payable_online?: Money;
  payable_at_property?: PayableAtProperty;
  /** The rate plan's payment terms when it sets any (docs/payments.md "Payment terms"); absent = prepay. */
  payment_terms?: PaymentTerms;
}

/** One step of a cancellation timeline: cancelling before `until` costs `fee`. */
export interface CancellationTimelineEntry {
  until: string;
  fee: Money;
}

export interface QuoteRecord {
  id: string;
  tenantId: string;
  agentId: string;
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  /** The whole party (with `rooms`: every room's adults and children together). */
  guests: Guests;
  /** The party of each room when the quote was made with `rooms`; null for a `guests` quote (one room). */
  rooms: Guests[] | null;
  priceBreakdown: PriceBreakdown;
  policySnapshot: PolicySnapshot;
  createdAt: Date;
  expiresAt: Date;
  /** Decided by the database clock (`expires_at <= now()`) when the row was read. */
  expired: boolean;
}

/** Rooms of the room type a quote takes on every night: its `rooms` count, 1 for a `guests` quote. */
export function quoteUnits(quote: Pick<QuoteRecord, 'rooms'>): number {
  return quote.rooms?.length ?? 1;
}

export type HoldState = 'held' | 'converting' | 'converted' | 'released' | 'expired';

export interface HoldRecord {
  id: string;
  tenantId: string;
  agentId: string;
  quoteId: string;
  roomTypeId: string;
  stay: Stay;
  /** Rooms held on every night (the quote's room count). */
  units: number;
  state: HoldState;
  /** Idempotency-Key of the booking attempt converting the hold. */
  convertingKey: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Decided by the database clock (`expires_at <= now()`) when the row was read. */
  expired: boolean;
}

export interface PrimaryGuest {
  full_name: string;
  email: string;
  phone: string;
}

/** A room's guest name, given with the booking (`guest.rooms`). */
export interface RoomGuestName {
  room: number;
  full_name: string;
}

/** The booking body's guest: the primary guest, and a name per room of a `rooms` quote. */
export interface BookingGuest {
  primary: PrimaryGuest;
  rooms?: RoomGuestName[];
}

export interface Traveler {
  iss: string;
  sub: string;
}

export type BookingState = 'confirmed' | 'cancelled';
/**
 * `scheduled`: a deposit captured, its balance still to charge; `guaranteed`: pay at property, the
 * card kept, nothing charged; `overdue`: the balance failed after every retry (docs/payments.md).
 */
export type PaymentState = 'captured' | 'partially_refunded' | 'refunded' | 'scheduled' | 'guaranteed' | 'overdue';

/** One charge of a booking's payment schedule (docs/payments.md "The schedule"). */
export interface ScheduleEntry {
  id: string;
  kind: 'full' | 'deposit' | 'balance' | 'cancellation_fee';
  /** RFC 3339 UTC. */
  dueAt: string;
  amount: Money;
  state: 'scheduled' | 'captured' | 'failed' | 'cancelled';
  /** The provider's reference of the charge once captured (refunds of it name it). */
  providerReference?: string | null;
}

export interface Cancellation {
  cancelled_at: string;
  fee: Money;
  refund: Money;
  refund_id: string | null;
  policy_version: string;
  reason: string | null;
}

export type BookingRoomState = 'confirmed' | 'cancelled';

/** One room of a booking made from a `rooms` quote; its cancellation is kept for its own numbers. */
export interface BookingRoom {
  room: number;
  guests: Guests;
  state: BookingRoomState;
  full_name?: string;
  cancellation?: Cancellation;
}

export interface BookingRecord {
  id: string;
  tenantId: string;
  agentId: string;
  quoteId: string;
  holdId: string;
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  guests: Guests;
  guest: { primary: PrimaryGuest };
  /** The rooms of a booking made from a `rooms` quote; null for a `guests` booking (one room). */
  rooms: BookingRoom[] | null;
  priceBreakdown: PriceBreakdown;
  policySnapshot: PolicySnapshot;
  traveler: Traveler;
  idempotencyKey: string;
  state: BookingState;
  confirmationReceipt: import('@hcs/contracts').Receipt;
  cancellation: Cancellation | null;
  cancellationReceipt: import('@hcs/contracts').Receipt | null;
  createdAt: Date;
  /** The property's own confirmation number, from a channel manager's acknowledgement (docs/channels-out.md); null until then. */
  propertyConfirmationId?: string | null;
}

export interface PaymentRecord {
  id: string;
  tenantId: string;
  bookingId: string;
  amount: Money;
  refunded: Money;
  state: PaymentState;
  providerReference: string;
  capturedAt: Date;
  /** The provider's name of the card kept for later charges (a deposit's balance, a fee); never the token. */
  cardReference?: string | null;
  /** The charges stored for the booking; empty for a booking paid in full at once (`scheduleView` restates it). */
  schedule?: ScheduleEntry[];
}

export interface RefundRecord {
  id: string;
  tenantId: string;
  bookingId: string;
  paymentId: string;
  amount: Money;
  state: 'succeeded';
  reason: string | null;
  receipt: import('@hcs/contracts').Receipt;
  createdAt: Date;
}

export interface BookingAuthorizationRecord {
  id: string;
  tenantId: string;
  agentId: string;
  maxAmount: Money;
  travelerSub: string | null;
  /** The traveler's issuer; with travelerSub it names exactly one traveler. */
  travelerIss: string | null;
  expiresAt: Date;
  createdBy: string;
  createdAt: Date;
  claimedByHoldId: string | null;
  usedAt: Date | null;
  bookingId: string | null;
  /** Decided by the database clock when read. */
  expired: boolean;
}

/** Who did something, as recorded in the audit timeline. */
export interface AuditActor {
  kind: 'agent' | 'admin' | 'system';
  id: string;
}
