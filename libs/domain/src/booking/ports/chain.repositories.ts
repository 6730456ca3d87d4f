import type { Receipt } from '@hcs/contracts';
import type { ChainAuditEntry } from './chain-audit-entry';
import type { PrincipalKind } from '../../identity/principal';
import type { Money } from '../../money/money';
import type { Stay } from '../../stay/stay-rules';
import type {
  AuditActor,
  BookingAuthorizationRecord,
  BookingRecord,
  Cancellation,
  Guests,
  HoldRecord,
  HoldState,
  PaymentRecord,
  PolicySnapshot,
  PriceBreakdown,
  PrimaryGuest,
  QuoteRecord,
  RefundRecord,
  Traveler,
} from '../chain.types';

export interface NewQuote {
  tenantId: string;
  agentId: string;
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  guests: Guests;
  priceBreakdown: PriceBreakdown;
  policySnapshot: PolicySnapshot;
  ttlSeconds: number;
}

/** Port: quotes. Expiry is decided by the database clock on every read. */
export abstract class QuoteRepository {
  /** Writes the quote and its audit entry together. */
  abstract create(input: NewQuote, audit: ChainAuditEntry): Promise<QuoteRecord>;
  abstract findById(tenantId: string, id: string): Promise<QuoteRecord | null>;
}

export interface NewHold {
  tenantId: string;
  agentId: string;
  quoteId: string;
  roomTypeId: string;
  stay: Stay;
  ttlSeconds: number;
}

/** Port: holds. State changes are conditional UPDATEs: they return null when the hold was not in `from`. */
export abstract class HoldRepository {
  abstract create(input: NewHold): Promise<HoldRecord>;
  abstract findById(tenantId: string, id: string): Promise<HoldRecord | null>;
  /** The hold and the quote it was taken from, in one read (the quote is null only if it vanished). */
  abstract findWithQuote(tenantId: string, id: string): Promise<{ hold: HoldRecord; quote: QuoteRecord | null } | null>;
  /** Moves a hold from one of `from` to `to`; `onlyIfExpired`/`onlyIfLive` add the TTL test in SQL. */
  abstract transition(
    tenantId: string,
    id: string,
    from: HoldState[],
    to: HoldState,
    options?: { onlyIfExpired?: boolean; onlyIfLive?: boolean; convertingKey?: string | null; requireConvertingKey?: string },
  ): Promise<HoldRecord | null>;
  /**
   * Holds of any tenant that are `held` past their TTL (the sweep); each is then expired by its
   * own tenant-scoped transaction.
   */
  abstract listExpiredHeld(limit: number): Promise<Array<{ tenantId: string; holdId: string }>>;
  /**
   * Counts a failed expiry of the hold (outside the failed transaction) and keeps the error; at
   * `maxAttempts` the hold is dead-lettered and `listExpiredHeld` skips it from then on.
   */
  abstract recordExpiryFailure(tenantId: string, holdId: string, error: string, maxAttempts: number): Promise<SweepFailure>;
}

/** What a sweep's failure bookkeeping says about a row after one more failed attempt. */
export interface SweepFailure {
  attempts: number;
  deadLettered: boolean;
}

/** A `held` hold past its TTL that a reservation took back; the caller records its expiry. */
export interface ReclaimedHold {
  id: string;
  quoteId: string;
  roomTypeId: string;
  stay: Stay;
  createdAt: Date;
  expiresAt: Date;
}

export type ReservationResult = { ok: true; reclaimed: ReclaimedHold[] } | { ok: false; fullNights: string[] };

/**
 * Port: per-night inventory counters. Every change is a single conditional UPDATE per night, in
 * date order, inside the caller's transaction; the CHECK (held + sold <= allotment) is the backstop.
 */
export abstract class RoomNightReservations {
  /** Creates missing night rows with the room type's default inventory (idempotent). */
  abstract ensureNights(tenantId: string, roomTypeId: string, nights: string[]): Promise<void>;
  /**
   * The slow path of a hold, taken when the one-statement reservation (`HoldReservation`) found a
   * full night: held + 1 on every night with a free room; stops at the first full night. First, in the same
   * transaction, `held` holds of the room type past their TTL that overlap the nights are expired
   * and their rooms given back (expiry is enforced at read time, worker or not); they are returned
   * so the caller records their expiry. A full night rolls the reclaim back with everything else.
   */
  abstract reserve(tenantId: string, roomTypeId: string, nights: string[]): Promise<ReservationResult>;
  /** held - 1 on every night (release, expiry). */
  abstract releaseHeld(tenantId: string, roomTypeId: string, nights: string[]): Promise<void>;
  /** sold - 1 on every night (booking cancelled). */
  abstract returnSold(tenantId: string, roomTypeId: string, nights: string[]): Promise<void>;
  /**
   * A booking moving dates: sold - 1 on `release`, sold + 1 on `take` where a room is free
   * (`allotment - held - sold >= 1`, so never on an oversold night), all nights in date order;
   * stops at the first full night of `take` (the caller rolls the transaction back).
   */
  abstract moveSold(tenantId: string, roomTypeId: string, release: string[], take: string[]): Promise<ReservationResult>;
}

export interface NewBooking {
  id: string;
  tenantId: string;
  agentId: string;
  quote: QuoteRecord;
  holdId: string;
  guest: { primary: PrimaryGuest };
  traveler: Traveler;
  bookingAuthorizationId: string | null;
  idempotencyKey: string;
  confirmationReceipt: Receipt;
}

/** Port: bookings. */
export abstract class BookingRepository {
  /** Inserts a confirmed booking. */
  abstract create(input: NewBooking): Promise<BookingRecord>;
  abstract findById(tenantId: string, id: string): Promise<BookingRecord | null>;
  abstract findByHold(tenantId: string, holdId: string): Promise<BookingRecord | null>;
  /**
   * A confirmed booking whose stay is still `expected` gets another stay, price breakdown and
   * policy snapshot; null when it is not confirmed or its stay changed meanwhile.
   */
  abstract modify(
    tenantId: string,
    id: string,
    expected: Stay,
    change: { stay: Stay; priceBreakdown: PriceBreakdown; policySnapshot: PolicySnapshot },
  ): Promise<BookingRecord | null>;
  /** confirmed -> cancelled; null when the booking was not confirmed any more. */
  abstract cancel(tenantId: string, id: string, cancellation: Cancellation, receipt: Receipt): Promise<BookingRecord | null>;
  /** Newest first (created_at, id), after the cursor position; `limit` rows at most. */
  abstract search(tenantId: string, filter: BookingSearchFilter, limit: number): Promise<BookingRecord[]>;
}

/** What admins find bookings by (docs/booking-chain.md, "Admin booking search"); every field optional. */
export interface BookingSearchFilter {
  bookingId?: string;
  agentId?: string;
  travelerSub?: string;
  state?: BookingRecord['state'];
  /** Stays that overlap [stayFrom, stayTo] (dates, inclusive nights). */
  stayFrom?: string;
  stayTo?: string;
  after?: { createdAt: string; id: string } | null;
}

/** What finishing the booking needs besides the payment: kept so the worker can resume a stranded attempt. */
export interface AttemptBookingRequest {
  guest: { primary: PrimaryGuest };
  traveler: Traveler;
  agent: { principal_id: string; kind: PrincipalKind; booking_limit: Money | null };
}

export interface NewPaymentAttempt {
  tenantId: string;
  holdId: string;
  idempotencyKey: string;
  amount: Money;
  method: string;
  providerToken: string;
  billingCountry: string;
  bookingRequest: AttemptBookingRequest;
}

export interface PaymentAttemptRecord extends Omit<NewPaymentAttempt, 'bookingRequest'> {
  id: string;
  state: 'pending' | 'succeeded' | 'declined' | 'error';
  providerReference: string | null;
  providerMessage: string | null;
  /** Null on attempts made before the request was kept; those are resumed only by a replay. */
  bookingRequest: AttemptBookingRequest | null;
  createdAt: Date;
  /** When the attempt last (re)started. */
  startedAt: Date;
}

/** Port: payment attempts (one per booking attempt) and the booking's captured payment. */
export abstract class PaymentRepository {
  abstract createAttempt(input: NewPaymentAttempt): Promise<PaymentAttemptRecord>;
  abstract findAttempt(tenantId: string, holdId: string, idempotencyKey: string): Promise<PaymentAttemptRecord | null>;
  /**
   * Attempts of any tenant still pending since before `startedBefore` whose hold is still
   * converting under the attempt's key: the process that owned them is gone (the sweep).
   */
  abstract listStranded(startedBefore: Date, limit: number): Promise<PaymentAttemptRecord[]>;
  /** Counts a failed recovery of the attempt; at `maxAttempts` it is dead-lettered and `listStranded` skips it. */
  abstract recordRecoveryFailure(tenantId: string, attemptId: string, error: string, maxAttempts: number): Promise<SweepFailure>;
  abstract completeAttempt(
    tenantId: string,
    attemptId: string,
    state: 'succeeded' | 'declined' | 'error',
    providerReference: string | null,
    providerMessage: string | null,
  ): Promise<void>;
  abstract capture(tenantId: string, bookingId: string, attempt: PaymentAttemptRecord, providerReference: string): Promise<PaymentRecord>;
  abstract findByBooking(tenantId: string, bookingId: string): Promise<PaymentRecord | null>;
  /**
   * Adds `amount` to the refunded total in one conditional UPDATE (the row's own remaining amount
   * decides, so concurrent refunds never exceed the capture) and sets the state from the new total
   * (`refunded` when nothing remains, else `partially_refunded`); null when more than what remains
   * or the payment is not refundable.
   */
  abstract refund(tenantId: string, paymentId: string, amount: number): Promise<PaymentRecord | null>;
}

export interface NewRefund {
  id: string;
  tenantId: string;
  bookingId: string;
  paymentId: string;
  amount: Money;
  reason: string | null;
  receipt: Receipt;
}

/** Port: refunds. */
export abstract class RefundRepository {
  abstract create(input: NewRefund): Promise<RefundRecord>;
  abstract findById(tenantId: string, id: string): Promise<RefundRecord | null>;
}

export interface NewBookingAuthorization {
  tenantId: string;
  agentId: string;
  maxAmount: Money;
  travelerSub: string | null;
  travelerIss: string | null;
  expiresAt: Date;
  createdBy: string;
}

/** Port: admin-issued, single-use booking authorizations. */
export abstract class BookingAuthorizationRepository {
  abstract create(input: NewBookingAuthorization): Promise<BookingAuthorizationRecord>;
  abstract findById(tenantId: string, id: string): Promise<BookingAuthorizationRecord | null>;
  /** Claims an unused authorization for a booking attempt; false when someone else has it. */
  abstract claim(tenantId: string, id: string, holdId: string): Promise<boolean>;
  /** Gives back what the attempt on `holdId` claimed (its payment failed). */
  abstract unclaim(tenantId: string, holdId: string): Promise<void>;
  /** Marks what the attempt on `holdId` claimed as used by `bookingId`; returns its id, if any. */
  abstract markUsed(tenantId: string, holdId: string, bookingId: string): Promise<string | null>;
}

export interface NewAuditEvent {
  tenantId: string;
  quoteId: string;
  holdId?: string | null;
  bookingId?: string | null;
  type: string;
  actor: AuditActor;
  traveler?: Traveler | null;
  traceId: string;
  data?: Record<string, unknown>;
}

export interface AuditEventRecord {
  seq: number;
  type: string;
  at: string;
  actor: AuditActor;
  traveler?: Traveler;
  trace_id: string;
  data: Record<string, unknown>;
}

/** Port: the append-only audit timeline of a booking chain. */
export abstract class AuditLog {
  abstract append(event: NewAuditEvent): Promise<void>;
  /** The chain's events from its quote on, for one hold (the booked one), in order, numbered from 1. */
  abstract listForChain(tenantId: string, quoteId: string, holdId: string): Promise<AuditEventRecord[]>;
}

export interface NewOutboxEvent {
  tenantId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
  traceId: string;
}

/** Port: the transactional outbox (written in the same transaction as the state change). */
export abstract class OutboxWriter {
  abstract append(event: NewOutboxEvent): Promise<void>;
}

export interface ReceiptKey {
  kid: string;
  /** base64url-encoded random bytes. */
  secret: string;
  /** Set once an operator retired the kid: it no longer signs nor verifies. */
  retiredAt?: Date | null;
}

export type ReceiptKeyRetirement = 'retired' | 'already_retired' | 'not_found' | 'last_key';

/**
 * Port: receipt signing keys. The newest unretired key signs; every unretired key verifies; a
 * retired kid verifies nothing (docs/security.md "Keys at rest").
 */
export abstract class ReceiptKeyRepository {
  abstract signingKey(): Promise<ReceiptKey>;
  /** The key of `kid` (retired ones too, with `retiredAt`), or null when no such kid exists. */
  abstract findByKid(kid: string): Promise<ReceiptKey | null>;
  /** Issues a new signing key; older keys keep verifying. */
  abstract rotate(): Promise<ReceiptKey>;
  /** Retires `kid`; the last unretired key cannot be retired (nothing would sign). */
  abstract retire(kid: string): Promise<ReceiptKeyRetirement>;
}
