import { randomUUID } from 'node:crypto';
import type { Receipt } from '@hcs/contracts';
import type { AppConfig, RequestContext } from '@hcs/platform';
import type { BookingRecord, BookingRoom, Cancellation, PaymentRecord, PolicySnapshot, PriceBreakdown, RefundRecord } from '../booking/chain.types';
import { AuditLog, NewAuditEvent } from '../booking/ports/audit-log';
import { BookingRepository, BookingSearchFilter } from '../booking/ports/booking.repository';
import { SweepFailure } from '../booking/ports/hold.repository';
import { NewOutboxEvent, OutboxWriter } from '../booking/ports/outbox-writer';
import { NewPaymentAttempt, PaymentAttemptRecord, PaymentRepository } from '../booking/ports/payment.repository';
import { ReceiptKeyRepository } from '../booking/ports/receipt-key.repository';
import { ChargeSettlement, ClaimedCharge, PaymentSchedule } from '../booking/ports/payment-schedule';
import type { Money } from '../money/money';
import { NewRefund, RefundRepository } from '../booking/ports/refund.repository';
import { ReservationResult, RoomNightReservations } from '../booking/ports/room-night-reservations';
import {
  ChargeRequest,
  ChargeResult,
  GuaranteeRequest,
  GuaranteeResult,
  OffSessionChargeRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '../booking/ports/payment-provider';
import { QuoteSource, QuoteSourceReader } from '../booking/ports/quote-source.reader';
import { ReceiptSigner } from '../booking/services/receipt-signer';
import type { Stay } from '../stay/stay-rules';
import type { RestrictionsByDate } from '../stay/stay-restrictions';
import { eur, TENANT } from './chain-fixtures';

// The fixtures come with the fakes: a spec imports both from here.
export * from './chain-fixtures';

/**
 * In-memory fakes of the booking chain's ports for use-case unit specs (the middle and top tiers
 * run the real repositories). Each keeps what it was given so a spec can assert on it.
 */
export class FakeBookings extends BookingRepository {
  rows: BookingRecord[] = [];
  async search(tenantId: string, _filter: BookingSearchFilter, limit: number): Promise<BookingRecord[]> {
    return this.rows.filter((b) => b.tenantId === tenantId).slice(0, limit);
  }
  async create(): Promise<BookingRecord> {
    throw new Error('not used');
  }
  private row(tenantId: string, id: string) {
    return this.rows.find((b) => b.tenantId === tenantId && b.id === id) ?? null;
  }
  /** A copy, as a database read gives: later writes do not change what a caller already holds. */
  async findById(tenantId: string, id: string) {
    const b = this.row(tenantId, id);
    return b ? structuredClone(b) : null;
  }
  async findByHold(tenantId: string, holdId: string) {
    return this.rows.find((b) => b.tenantId === tenantId && b.holdId === holdId) ?? null;
  }
  async modify(tenantId: string, id: string, expected: Stay, change: { stay: Stay; priceBreakdown: PriceBreakdown; policySnapshot: PolicySnapshot }) {
    const b = this.row(tenantId, id);
    if (!b || b.state !== 'confirmed' || b.stay.check_in !== expected.check_in || b.stay.check_out !== expected.check_out) return null;
    Object.assign(b, { stay: change.stay, priceBreakdown: change.priceBreakdown, policySnapshot: change.policySnapshot });
    return structuredClone(b);
  }
  async cancel(
    tenantId: string,
    id: string,
    cancellation: Cancellation,
    receipt: Receipt,
    rooms: { expected: BookingRoom[]; next: BookingRoom[] } | null = null,
  ) {
    const b = this.row(tenantId, id);
    if (!b || b.state !== 'confirmed') return null;
    if (rooms && JSON.stringify(b.rooms) !== JSON.stringify(rooms.expected)) return null;
    Object.assign(b, { state: 'cancelled', cancellation, cancellationReceipt: receipt }, rooms ? { rooms: rooms.next } : {});
    return structuredClone(b);
  }
  async cancelRooms(tenantId: string, id: string, expected: BookingRoom[], next: BookingRoom[]) {
    const b = this.row(tenantId, id);
    if (!b || b.state !== 'confirmed' || JSON.stringify(b.rooms) !== JSON.stringify(expected)) return null;
    b.rooms = next;
    return structuredClone(b);
  }
}

export class FakePayments extends PaymentRepository {
  rows: PaymentRecord[] = [];
  async recordRecoveryFailure(): Promise<SweepFailure> {
    throw new Error('not used');
  }
  add(bookingId: string, amount: number, refunded = 0): PaymentRecord {
    const row: PaymentRecord = {
      id: randomUUID(),
      tenantId: TENANT,
      bookingId,
      amount: eur(amount),
      refunded: eur(refunded),
      state: refunded === 0 ? 'captured' : refunded >= amount ? 'refunded' : 'partially_refunded',
      providerReference: `ch_${bookingId}`,
      capturedAt: new Date(),
    };
    this.rows.push(row);
    return row;
  }
  attempts: PaymentAttemptRecord[] = [];
  async createAttempt(input: NewPaymentAttempt): Promise<PaymentAttemptRecord> {
    const now = new Date();
    const attempt: PaymentAttemptRecord = {
      ...input,
      id: randomUUID(),
      state: 'pending',
      providerReference: null,
      providerMessage: null,
      createdAt: now,
      startedAt: now,
    };
    this.attempts.push(attempt);
    return attempt;
  }
  async findAttempt(tenantId: string, holdId: string, idempotencyKey: string) {
    return this.attempts.find((a) => a.tenantId === tenantId && a.holdId === holdId && a.idempotencyKey === idempotencyKey) ?? null;
  }
  async findAttemptById(tenantId: string, attemptId: string) {
    return this.attempts.find((a) => a.tenantId === tenantId && a.id === attemptId) ?? null;
  }
  listStranded(): never {
    throw new Error('not used');
  }
  async completeAttempt(
    tenantId: string,
    attemptId: string,
    state: 'succeeded' | 'declined' | 'error',
    providerReference: string | null,
    providerMessage: string | null,
  ) {
    const a = this.attempts.find((r) => r.tenantId === tenantId && r.id === attemptId);
    if (a) Object.assign(a, { state, providerReference, providerMessage });
  }
  capture(): never {
    throw new Error('not used');
  }
  async findByBooking(tenantId: string, bookingId: string) {
    const p = this.rows.find((r) => r.tenantId === tenantId && r.bookingId === bookingId);
    return p ? { ...p, amount: { ...p.amount }, refunded: { ...p.refunded } } : null;
  }
  async refund(tenantId: string, paymentId: string, amount: number) {
    const p = this.rows.find((r) => r.tenantId === tenantId && r.id === paymentId);
    if (!p || p.state === 'refunded' || amount <= 0 || p.refunded.amount + amount > p.amount.amount) return null;
    p.refunded = eur(p.refunded.amount + amount);
    if (p.state !== 'scheduled' && p.state !== 'overdue') p.state = p.refunded.amount >= p.amount.amount ? 'refunded' : 'partially_refunded';
    return { ...p };
  }
}

/** An entry of `FakePaymentSchedule`, with its claim. */
export interface FakeScheduleRow {
  tenantId: string;
  id: string;
  bookingId: string;
  paymentId: string;
  kind: 'balance' | 'cancellation_fee';
  amount: Money;
  state: 'scheduled' | 'captured' | 'failed' | 'cancelled';
  attempt: number;
  nextAttemptAt: Date;
  claimedUntil: Date | null;
}

/** The schedule in memory, with the SQL's claim rule; `now` is its clock (tests move it). */
export class FakePaymentSchedule extends PaymentSchedule {
  rows: FakeScheduleRow[] = [];
  now = new Date();
  constructor(private readonly payments: FakePayments) {
    super();
  }
  add(row: Pick<FakeScheduleRow, 'bookingId' | 'paymentId' | 'kind' | 'amount'> & Partial<FakeScheduleRow>): FakeScheduleRow {
    const full: FakeScheduleRow = { tenantId: TENANT, id: randomUUID(), state: 'scheduled', attempt: 0, nextAttemptAt: this.now, claimedUntil: null, ...row };
    this.rows.push(full);
    return full;
  }
  private claimable = (r: FakeScheduleRow) => r.state === 'scheduled' && r.nextAttemptAt <= this.now && (!r.claimedUntil || r.claimedUntil < this.now);
  async listDue(limit: number) {
    return this.rows
      .filter(this.claimable)
      .slice(0, limit)
      .map((r) => ({ tenantId: r.tenantId, entryId: r.id }));
  }
  async claim(tenantId: string, entryId: string, leaseMs: number): Promise<ClaimedCharge | null> {
    const r = this.rows.find((x) => x.tenantId === tenantId && x.id === entryId);
    if (!r || !this.claimable(r)) return null;
    if (!r.claimedUntil) r.attempt += 1;
    r.claimedUntil = new Date(this.now.getTime() + leaseMs);
    const payment = this.payments.rows.find((p) => p.id === r.paymentId);
    return { tenantId, entryId, bookingId: r.bookingId, kind: r.kind, amount: r.amount, attempt: r.attempt, cardReference: payment?.cardReference ?? null };
  }
  async settle(tenantId: string, entryId: string, attempt: number, s: ChargeSettlement) {
    const r = this.rows.find((x) => x.tenantId === tenantId && x.id === entryId);
    if (!r || r.attempt !== attempt || r.state !== 'scheduled' || !r.claimedUntil) return false;
    r.claimedUntil = null;
    const payment = this.payments.rows.find((p) => p.id === r.paymentId);
    if (s.kind === 'retry') r.nextAttemptAt = s.nextAttemptAt;
    else if (s.kind === 'captured') {
      r.state = 'captured';
      if (payment) Object.assign(payment, { amount: eur(payment.amount.amount + r.amount.amount), state: 'captured' });
    } else {
      r.state = 'failed';
      if (payment && r.kind === 'balance') payment.state = 'overdue';
    }
    return true;
  }
  async addCancellationFee(tenantId: string, bookingId: string, paymentId: string, amount: Money) {
    this.add({ tenantId, bookingId, paymentId, kind: 'cancellation_fee', amount });
  }
  async resizeBalance(tenantId: string, bookingId: string, delta: number) {
    for (const r of this.rows) {
      if (r.bookingId !== bookingId || r.kind !== 'balance' || r.state !== 'scheduled' || r.claimedUntil) continue;
      r.amount = eur(Math.max(0, r.amount.amount + delta));
      if (r.amount.amount === 0) {
        r.state = 'cancelled';
        const payment = this.payments.rows.find((p) => p.bookingId === bookingId);
        if (payment?.state === 'scheduled') payment.state = 'captured';
      }
    }
  }
  async moveBalance(tenantId: string, bookingId: string, dueAt: string) {
    for (const r of this.rows) {
      if (r.bookingId === bookingId && r.kind === 'balance' && r.state === 'scheduled' && r.attempt === 0 && !r.claimedUntil) r.nextAttemptAt = new Date(dueAt);
    }
  }
  async cancelScheduled(tenantId: string, bookingId: string) {
    for (const r of this.rows) if (r.bookingId === bookingId && r.kind === 'balance' && r.state === 'scheduled' && !r.claimedUntil) r.state = 'cancelled';
    const payment = this.payments.rows.find((p) => p.bookingId === bookingId);
    if (payment && (payment.state === 'scheduled' || payment.state === 'overdue')) payment.state = 'captured';
  }
}

export class FakeRefunds extends RefundRepository {
  rows: RefundRecord[] = [];
  async create(r: NewRefund): Promise<RefundRecord> {
    const row: RefundRecord = { ...r, state: 'succeeded', createdAt: new Date() };
    this.rows.push(row);
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.rows.find((r) => r.tenantId === tenantId && r.id === id) ?? null;
  }
}

export class FakeProvider extends PaymentProvider {
  refunds: RefundRequest[] = [];
  charges: ChargeRequest[] = [];
  failWith: string | null = null;
  /** What `charge` answers (after `chargeDelayMs`); a function may throw to act as a provider failure. */
  chargeResult: ChargeResult | (() => ChargeResult) = { outcome: 'succeeded', reference: 'ch_fake' };
  chargeDelayMs = 0;
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    if (this.chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chargeDelayMs));
    return typeof this.chargeResult === 'function' ? this.chargeResult() : this.chargeResult;
  }
  guarantees: GuaranteeRequest[] = [];
  guaranteeResult: GuaranteeResult = { outcome: 'succeeded', cardReference: 'card_fake' };
  async guarantee(request: GuaranteeRequest): Promise<GuaranteeResult> {
    this.guarantees.push(request);
    return this.guaranteeResult;
  }
  offSession: OffSessionChargeRequest[] = [];
  offSessionResult: ChargeResult = { outcome: 'succeeded', reference: 'ch_fake_off_session' };
  async chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    this.offSession.push(request);
    return this.offSessionResult;
  }
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (this.failWith) return { outcome: 'error', message: this.failWith };
    this.refunds.push(request);
    return { outcome: 'succeeded', reference: `re_${request.idempotencyKey}` };
  }
}

export class FakeAudit extends AuditLog {
  events: NewAuditEvent[] = [];
  async append(event: NewAuditEvent) {
    this.events.push(event);
  }
  async listForChain() {
    return [];
  }
}

export class FakeOutbox extends OutboxWriter {
  events: NewOutboxEvent[] = [];
  async append(event: NewOutboxEvent) {
    this.events.push(event);
  }
}

class FakeReceiptKeys extends ReceiptKeyRepository {
  private readonly key = { kid: 'receipt-v1', secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA' };
  async signingKey() {
    return this.key;
  }
  async findByKid(kid: string) {
    return kid === this.key.kid ? this.key : null;
  }
  async rotate() {
    return this.key;
  }
  async retire() {
    return 'last_key' as const;
  }
}

export const fakeSigner = () => new ReceiptSigner(new FakeReceiptKeys(), { baseUrl: 'http://hcs.test' } as AppConfig);
export const fakeContext = () => ({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736' }) as RequestContext;

export class FakeQuoteSource extends QuoteSourceReader {
  perNight = 10000;
  dailyRates: Record<string, number> = {};
  restrictions: RestrictionsByDate = {};
  dailyOccupancy: QuoteSource['dailyOccupancy'] = {};
  occupancyPricing: unknown = null;
  maxOccupancy = 2;
  taxes: unknown = [];
  fees: unknown = [];
  policy: QuoteSource['policy'] = null;
  async read(): Promise<QuoteSource> {
    return {
      property: { id: 'p', timezone: 'Europe/Paris', checkinTime: '15:00', taxes: this.taxes, fees: this.fees, currency: 'EUR', localRate: null },
      roomType: { id: 'rt', maxOccupancy: this.maxOccupancy },
      ratePlan: { id: 'rp', currency: 'EUR', baseRateAmount: this.perNight, policyId: 'pol', occupancyPricing: this.occupancyPricing },
      policy: this.policy,
      dailyRates: this.dailyRates,
      restrictions: this.restrictions,
      dailyOccupancy: this.dailyOccupancy,
    };
  }
}

/** Per-night sold counters with the real conditional rule: a night takes a room only while one is free. */
export class FakeNights extends RoomNightReservations {
  nights = new Map<string, { allotment: number; held: number; sold: number }>();
  constructor(private readonly defaultAllotment = 5) {
    super();
  }
  /** The rooms of a night without counters yet (the room type's default inventory). */
  get defaultRooms(): number {
    return this.defaultAllotment;
  }
  /** The counters of a night, created with the default allotment on first use. */
  counter(n: string) {
    if (!this.nights.has(n)) this.nights.set(n, { allotment: this.defaultAllotment, held: 0, sold: 0 });
    return this.nights.get(n) as { allotment: number; held: number; sold: number };
  }
  async ensureNights(_t: string, _r: string, nights: string[]) {
    nights.forEach((n) => this.counter(n));
  }
  /** held + units on every night while each has that many free rooms; the first full night stops it (the caller rolls back). */
  async reserve(_t: string, _r: string, nights: string[], units = 1): Promise<ReservationResult> {
    for (const n of nights) {
      const c = this.counter(n);
      if (c.allotment - c.held - c.sold < units) return { ok: false, fullNights: [n] };
      c.held += units;
    }
    return { ok: true, reclaimed: [] };
  }
  async releaseHeld(_t: string, _r: string, nights: string[], units = 1) {
    nights.forEach((n) => (this.counter(n).held -= units));
  }
  async returnSold(_t: string, _r: string, nights: string[], units = 1) {
    nights.forEach((n) => (this.counter(n).sold -= units));
  }
  async moveSold(_t: string, _r: string, release: string[], take: string[], units = 1): Promise<ReservationResult> {
    for (const n of release) this.counter(n).sold -= units;
    for (const n of take) {
      const c = this.counter(n);
      if (c.allotment - c.held - c.sold < units) return { ok: false, fullNights: [n] };
      c.sold += units;
    }
    return { ok: true, reclaimed: [] };
  }
}
