import { randomUUID } from 'node:crypto';
import { AuditActor, BookingAuthorizationRecord, BookingRecord, HoldRecord, HoldState, PaymentRecord, QuoteRecord, quoteUnits } from '../booking/chain.types';
import { BeginConversion, BeginConversionResult, BookingConversion, CompleteConversion } from '../booking/ports/booking-conversion';
import type { ChainAuditEntry } from '../booking/ports/chain-audit-entry';
import { BookingAuthorizationRepository } from '../booking/ports/booking-authorization.repository';
import { CreatedHold, HoldRepository, NewHold, SweepFailure } from '../booking/ports/hold.repository';
import { NewQuote, QuoteForHold, QuoteRepository } from '../booking/ports/quote.repository';
import { HoldExpiryScheduler } from '../booking/ports/hold-expiry.scheduler';
import { DueHoldExpiry, DueHoldRef, ExpiredHold } from '../booking/ports/due-hold-expiry';
import { stayNights } from '../stay/stay-rules';
import { HoldReservation, HoldReservationRequest, HoldReservationResult } from '../booking/ports/hold-reservation';
import { ConfirmationFollowUps, PlannedFollowUp, StayFollowUps } from '../booking/ports/stay-follow-ups';
import type { FakeBookings, FakeNights, FakePayments } from './fake-chain-ports';
import type { IdempotentRequest, SealedResponse } from '../idempotency/idempotent-request';
import { FakeKeyClaims } from './fake-key-claims';

/**
 * Quotes kept in memory; `expired` is whatever the spec set on the record. `findForHold` reads the
 * counters and holds given by `stockFrom` (one room type, as FakeNights keeps it).
 */
export class FakeQuotes extends QuoteRepository {
  rows: QuoteRecord[] = [];
  readonly keyClaims = new FakeKeyClaims();
  private stock: { nights: FakeNights; holds: FakeHolds } | null = null;
  stockFrom(nights: FakeNights, holds: FakeHolds): void {
    this.stock = { nights, holds };
  }
  async create(input: NewQuote): Promise<QuoteRecord> {
    const now = new Date();
    const { ttlSeconds, ...rest } = input;
    const row: QuoteRecord = {
      ...rest,
      rooms: rest.rooms ?? null,
      id: randomUUID(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      expired: false,
    };
    this.rows.push(row);
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.rows.find((q) => q.tenantId === tenantId && q.id === id) ?? null;
  }
  /** The quote with its nights that have no free room, and the due (`expired`) held holds covering each. */
  async findForHold(tenantId: string, id: string, idempotency: IdempotentRequest | null = null): Promise<QuoteForHold | null> {
    this.keyClaims.carry(idempotency);
    if (!this.stock) throw new Error('FakeQuotes.findForHold needs stockFrom(nights, holds)');
    const { nights, holds } = this.stock;
    const quote = await this.findById(tenantId, id);
    if (!quote) return null;
    const fullByCounters = stayNights(quote.stay)
      .map((night) => {
        const c = nights.nights.get(night);
        const free = c ? c.allotment - c.held - c.sold : nights.defaultRooms;
        const reclaimable = holds.rows
          .filter((h) => h.state === 'held' && h.expired && h.roomTypeId === quote.roomTypeId && h.stay.check_in <= night && h.stay.check_out > night)
          .reduce((sum, h) => sum + h.units, 0);
        return { night, free, reclaimable };
      })
      .filter((n) => n.free < quoteUnits(quote));
    return { quote, fullByCounters };
  }
}

/** Holds kept in memory with the conditional transitions of the real repository. */
export class FakeHolds extends HoldRepository {
  rows: HoldRecord[] = [];
  readonly keyClaims = new FakeKeyClaims();
  constructor(private readonly quotes: FakeQuotes) {
    super();
  }
  /** Idempotency records sealed with a hold, in the order the holds were written. */
  readonly sealed: SealedResponse[] = [];
  async create(input: NewHold, idempotency: SealedResponse | null = null): Promise<CreatedHold> {
    const { maxLiveHolds: _ceiling, ...rest } = input;
    const row: HoldRecord = { ...rest, state: 'held', convertingKey: null, expired: false };
    this.rows.push(row);
    if (idempotency) this.sealed.push(idempotency);
    return { hold: { ...row }, sealed: idempotency !== null };
  }
  async findById(tenantId: string, id: string) {
    const h = this.rows.find((r) => r.tenantId === tenantId && r.id === id);
    return h ? { ...h } : null;
  }
  async findWithQuote(tenantId: string, id: string, _reference: unknown = null, idempotency: IdempotentRequest | null = null) {
    this.keyClaims.carry(idempotency);
    const hold = await this.findById(tenantId, id);
    return hold ? { hold, quote: await this.quotes.findById(tenantId, hold.quoteId) } : null;
  }
  async transition(
    tenantId: string,
    id: string,
    from: HoldState[],
    to: HoldState,
    options: { onlyIfExpired?: boolean; onlyIfLive?: boolean; convertingKey?: string | null; requireConvertingKey?: string } = {},
  ) {
    const h = this.rows.find((r) => r.tenantId === tenantId && r.id === id);
    if (!h || !from.includes(h.state)) return null;
    if (options.onlyIfExpired && !h.expired) return null;
    if (options.onlyIfLive && h.expired) return null;
    if (options.requireConvertingKey !== undefined && h.convertingKey !== options.requireConvertingKey) return null;
    h.state = to;
    if (options.convertingKey !== undefined) h.convertingKey = options.convertingKey;
    return { ...h };
  }
  listExpiredHeld(): never {
    throw new Error('not used');
  }
  recordExpiryFailure(): Promise<SweepFailure> {
    throw new Error('not used');
  }
}

/** The one-statement reservation over the fake nights: all nights or nothing. */
export class FakeHoldReservation extends HoldReservation {
  audit: ChainAuditEntry[] = [];
  constructor(
    private readonly holds: FakeHolds,
    private readonly nights: FakeNights,
  ) {
    super();
  }
  async reserve(request: HoldReservationRequest): Promise<HoldReservationResult> {
    const counters = request.nights.map((n) => this.nights.counter(n));
    const units = request.hold.units;
    if (counters.some((c) => c.allotment - c.held - c.sold < units)) return { ok: false };
    for (const c of counters) c.held += units;
    const created = await this.holds.create(request.hold, request.idempotency ?? null);
    this.audit.push({ ...request.audit, data: { ...request.audit.data, expires_at: created.hold.expiresAt.toISOString() } });
    return { ok: true, ...created };
  }
}

export class FakeHoldExpiryScheduler extends HoldExpiryScheduler {
  scheduled: Array<{ tenantId: string; holdId: string; expiresAt: Date }> = [];
  cancelled: string[] = [];
  failWith: Error | null = null;
  async schedule(tenantId: string, holdId: string, expiresAt: Date): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.scheduled.push({ tenantId, holdId, expiresAt });
  }
  async cancel(holdId: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.cancelled.push(holdId);
  }
}

export class FakeAuthorizations extends BookingAuthorizationRepository {
  rows: BookingAuthorizationRecord[] = [];
  create(): never {
    throw new Error('not used');
  }
  async findById(tenantId: string, id: string) {
    return this.rows.find((a) => a.tenantId === tenantId && a.id === id) ?? null;
  }
  async claim(tenantId: string, id: string, holdId: string) {
    const a = this.rows.find((r) => r.tenantId === tenantId && r.id === id);
    if (!a || a.usedAt || (a.claimedByHoldId && a.claimedByHoldId !== holdId)) return false;
    a.claimedByHoldId = holdId;
    return true;
  }
  async unclaim(tenantId: string, holdId: string) {
    for (const a of this.rows) if (a.tenantId === tenantId && a.claimedByHoldId === holdId && !a.usedAt) a.claimedByHoldId = null;
  }
  async markUsed(tenantId: string, holdId: string, bookingId: string) {
    const a = this.rows.find((r) => r.tenantId === tenantId && r.claimedByHoldId === holdId);
    if (!a) return null;
    Object.assign(a, { usedAt: new Date(), bookingId });
    return a.id;
  }
}

/**
 * The two conversion statements over the fakes: `begin` moves the hold to converting, claims the
 * authorization and records the attempt; `complete` writes what it is given and keeps it for the
 * spec (`completed`).
 */
export class FakeConversion extends BookingConversion {
  completed: CompleteConversion[] = [];
  spentJtis = new Set<string>();
  constructor(
    private readonly holds: FakeHolds,
    private readonly payments: FakePayments,
    private readonly bookings: FakeBookings,
    private readonly authorizations: FakeAuthorizations,
    private readonly nights: FakeNights,
  ) {
    super();
  }
  async begin(input: BeginConversion): Promise<BeginConversionResult> {
    const { tenantId, holdId, idempotencyKey } = input.attempt;
    const hold = this.holds.rows.find((h) => h.tenantId === tenantId && h.id === holdId);
    if (!hold || !input.from.includes(hold.state) || hold.expired) return { ok: false, reason: 'hold_not_live' };
    if (input.authorizationId && !(await this.authorizations.claim(tenantId, input.authorizationId, holdId)))
      return { ok: false, reason: 'authorization_taken' };
    if (input.delegationUse) {
      if (this.spentJtis.has(input.delegationUse.jti)) return { ok: false, reason: 'delegation_spent' };
      this.spentJtis.add(input.delegationUse.jti);
    }
    Object.assign(hold, { state: input.to, convertingKey: idempotencyKey });
    return { ok: true, attempt: await this.payments.createAttempt(input.attempt) };
  }
  async complete(input: CompleteConversion): Promise<boolean> {
    const hold = this.holds.rows.find((h) => h.tenantId === input.tenantId && h.id === input.holdId);
    if (!hold || !input.from.includes(hold.state) || hold.convertingKey !== input.idempotencyKey) return false;
    hold.state = input.to;
    for (const n of input.nights) {
      const c = this.nights.counter(n);
      c.held -= input.units;
      c.sold += input.units;
    }
    await this.payments.completeAttempt(input.tenantId, input.attemptId, 'succeeded', input.providerReference, null);
    await this.authorizations.markUsed(input.tenantId, input.holdId, input.booking.id);
    this.bookings.rows.push(input.booking);
    const { attemptId: _attemptId, ...payment } = input.payment;
    this.payments.rows.push(payment as PaymentRecord);
    this.completed.push(input);
    return true;
  }
}

/** Plans one follow-up per confirmation and records what was dispatched, cancelled or moved. */
export class FakeStayFollowUps extends StayFollowUps {
  dispatched: PlannedFollowUp[] = [];
  cancelled: string[] = [];
  planForConfirmedBooking(booking: BookingRecord, by: AuditActor): ConfirmationFollowUps {
    const row: PlannedFollowUp = {
      id: randomUUID(),
      tenantId: booking.tenantId,
      bookingId: booking.id,
      kind: 'pre_arrival',
      message: null,
      channel: 'sandbox',
      origin: 'booking',
      sendAt: new Date(),
      createdBy: by,
    };
    return { rows: [row], audit: [{ type: 'follow_up.scheduled', actor: by, traceId: 'follow-up', data: { follow_up_id: row.id } }] };
  }
  dispatchPlanned(rows: PlannedFollowUp[]): void {
    this.dispatched.push(...rows);
  }
  async scheduleForConfirmedBooking(): Promise<void> {}
  async cancelScheduled(booking: BookingRecord): Promise<void> {
    this.cancelled.push(booking.id);
  }
  async rescheduleForStay(): Promise<void> {}
}

/** The batch expiry over FakeHolds and FakeNights: the listed holds that are held and past their TTL. */
export class FakeDueHoldExpiry extends DueHoldExpiry {
  /** Holds another transaction has locked: skipped, as SKIP LOCKED does. */
  locked = new Set<string>();
  constructor(
    private readonly holds: FakeHolds,
    private readonly quotes: FakeQuotes,
    private readonly nights: FakeNights,
  ) {
    super();
  }
  async expire(refs: DueHoldRef[]): Promise<ExpiredHold[]> {
    const chosen = refs.flatMap((ref) => this.holds.rows.filter((r) => r.tenantId === ref.tenantId && r.id === ref.holdId));
    return this.expireChosen(chosen);
  }
  async settled(refs: DueHoldRef[]): Promise<string[]> {
    return refs
      .filter((ref) => {
        const h = this.holds.rows.find((r) => r.tenantId === ref.tenantId && r.id === ref.holdId);
        return !h || h.state !== 'held';
      })
      .map((ref) => ref.holdId);
  }
  private async expireChosen(chosen: HoldRecord[]): Promise<ExpiredHold[]> {
    const expired: ExpiredHold[] = [];
    for (const h of chosen) {
      if (h.state !== 'held' || !h.expired || this.locked.has(h.id)) continue;
      h.state = 'expired';
      await this.nights.releaseHeld(h.tenantId, h.roomTypeId, stayNights(h.stay), h.units);
      const quote = await this.quotes.findById(h.tenantId, h.quoteId);
      if (quote) expired.push({ hold: { ...h }, quote });
    }
    return expired;
  }
}
