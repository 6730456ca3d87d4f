import { randomUUID } from 'node:crypto';
import type { Receipt } from '@hcs/contracts';
import type { AppConfig, RequestContext } from '@hcs/platform';
import {
  AuditLog,
  BookingRecord,
  BookingRepository,
  BookingSearchFilter,
  Cancellation,
  ChainActor,
  NewAuditEvent,
  NewOutboxEvent,
  NewRefund,
  OutboxWriter,
  PaymentProvider,
  PaymentRecord,
  PaymentRepository,
  PolicySnapshot,
  PriceBreakdown,
  QuoteSource,
  QuoteSourceReader,
  ReceiptKeyRepository,
  ReceiptSigner,
  RefundRecord,
  RefundRepository,
  RefundRequest,
  RefundResult,
  ReservationResult,
  RoomNightReservations,
  Stay,
  SweepFailure,
} from '@hcs/domain';

/**
 * In-memory fakes of the booking chain's ports for use-case unit specs (the middle and top tiers
 * run the real repositories). Each keeps what it was given so a spec can assert on it.
 */
export const TENANT = '11111111-1111-4111-8111-111111111111';
export const AGENT = '22222222-2222-4222-8222-222222222222';
export const ADMIN = '33333333-3333-4333-8333-333333333333';
export const TRAVELER = { iss: 'https://issuer.test', sub: 'traveler-1' };

export const agentActor = (principalId = AGENT, tenantId = TENANT): ChainActor => ({ tenantId, principalId, kind: 'agent', bookingLimit: null });
export const adminActor = (principalId = ADMIN, tenantId = TENANT): ChainActor => ({ tenantId, principalId, kind: 'admin', bookingLimit: null });

export const eur = (amount: number) => ({ amount, currency: 'EUR' });

export function snapshot(overrides: Partial<PolicySnapshot> = {}): PolicySnapshot {
  return {
    policy_id: '44444444-4444-4444-8444-444444444444',
    version: '2',
    cancellation_kind: 'free_cancellation',
    free_cancellation_hours_before_checkin: 48,
    cancellation_fee_pct_after_cutoff: 50,
    free_cancellation_until: '2099-05-08T13:00:00Z',
    child_policy_text: null,
    check_in_at: '2099-05-10T13:00:00Z',
    timezone: 'Europe/Paris',
    ...overrides,
  };
}

export function priceOf(stay: Stay, perNight = 10000): PriceBreakdown {
  const nights: string[] = [];
  for (let d = new Date(`${stay.check_in}T00:00:00Z`); d < new Date(`${stay.check_out}T00:00:00Z`); d = new Date(d.getTime() + 86400000)) {
    nights.push(d.toISOString().slice(0, 10));
  }
  const subtotal = nights.length * perNight;
  return {
    currency: 'EUR',
    nights: nights.map((date) => ({ date, amount: eur(perNight) })),
    subtotal: eur(subtotal),
    taxes: [],
    fees: [],
    total: eur(subtotal),
  };
}

export function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  const stay = overrides.stay ?? { check_in: '2099-05-10', check_out: '2099-05-12' };
  return {
    id: randomUUID(),
    tenantId: TENANT,
    agentId: AGENT,
    quoteId: randomUUID(),
    holdId: randomUUID(),
    propertyId: randomUUID(),
    roomTypeId: randomUUID(),
    ratePlanId: randomUUID(),
    stay,
    guests: { adults: 1, children: [] },
    guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
    priceBreakdown: priceOf(stay),
    policySnapshot: snapshot(),
    traveler: TRAVELER,
    idempotencyKey: 'k',
    state: 'confirmed',
    confirmationReceipt: {} as Receipt,
    cancellation: null,
    cancellationReceipt: null,
    createdAt: new Date(),
    ...overrides,
  };
}

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
  async cancel(tenantId: string, id: string, cancellation: Cancellation, receipt: Receipt) {
    const b = this.row(tenantId, id);
    if (!b || b.state !== 'confirmed') return null;
    Object.assign(b, { state: 'cancelled', cancellation, cancellationReceipt: receipt });
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
  createAttempt(): never {
    throw new Error('not used');
  }
  findAttempt(): never {
    throw new Error('not used');
  }
  listStranded(): never {
    throw new Error('not used');
  }
  completeAttempt(): never {
    throw new Error('not used');
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
    p.state = p.refunded.amount >= p.amount.amount ? 'refunded' : 'partially_refunded';
    return { ...p };
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
  failWith: string | null = null;
  charge(): never {
    throw new Error('not used');
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
  async read(): Promise<QuoteSource> {
    return {
      property: { id: 'p', timezone: 'Europe/Paris', checkinTime: '15:00', taxes: [], fees: [] },
      roomType: { id: 'rt', maxOccupancy: 2 },
      ratePlan: { id: 'rp', currency: 'EUR', baseRateAmount: this.perNight, policyId: 'pol' },
      policy: null,
      dailyRates: this.dailyRates,
    };
  }
}

/** Per-night sold counters with the real conditional rule: a night takes a room only while one is free. */
export class FakeNights extends RoomNightReservations {
  nights = new Map<string, { allotment: number; held: number; sold: number }>();
  constructor(private readonly defaultAllotment = 5) {
    super();
  }
  private night(n: string) {
    if (!this.nights.has(n)) this.nights.set(n, { allotment: this.defaultAllotment, held: 0, sold: 0 });
    return this.nights.get(n) as { allotment: number; held: number; sold: number };
  }
  async ensureNights(_t: string, _r: string, nights: string[]) {
    nights.forEach((n) => this.night(n));
  }
  async reserve(): Promise<ReservationResult> {
    throw new Error('not used');
  }
  async releaseHeld() {
    throw new Error('not used');
  }
  async sellHeld() {
    throw new Error('not used');
  }
  async returnSold(_t: string, _r: string, nights: string[]) {
    nights.forEach((n) => (this.night(n).sold -= 1));
  }
  async moveSold(_t: string, _r: string, release: string[], take: string[]): Promise<ReservationResult> {
    for (const n of release) this.night(n).sold -= 1;
    for (const n of take) {
      const c = this.night(n);
      if (c.allotment - c.held - c.sold < 1) return { ok: false, fullNights: [n] };
      c.sold += 1;
    }
    return { ok: true, reclaimed: [] };
  }
}
