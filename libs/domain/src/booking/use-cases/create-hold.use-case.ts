import { randomUUID } from 'node:crypto';
import type { IdempotentRequest, SealedResponse } from '../../idempotency/idempotent-request';
import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { stayNights } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import { HoldRecord, QuoteRecord, quoteUnits } from '../chain.types';
import { nextActions } from '../next-actions';
import { CreatedHold, HoldRepository, NewHold } from '../ports/hold.repository';
import { QuoteForHold, QuoteRepository } from '../ports/quote.repository';
import { RoomNightReservations } from '../ports/room-night-reservations';
import { HoldExpiryScheduler } from '../ports/hold-expiry.scheduler';
import { HoldReservation } from '../ports/hold-reservation';
import { HoldView, holdView } from '../views';
import { ExpireHold } from './expire-hold.use-case';
import { ChainRecorder } from '../services/chain-recorder';
import { auditActor, auditEntry, chainAuditEvent } from '../rules/audit-entry';
import { provenFullNights } from '../rules/night-availability';

/** The audit data of a hold of several rooms: how many it takes on every night (nothing for a `guests` quote). */
const unitsData = (quote: QuoteRecord) => (quote.rooms ? { units: quoteUnits(quote) } : {});

/** The record of a hold as its write stores it: `held`, not converting, not yet due. */
const heldRecord = (hold: NewHold): HoldRecord => ({ ...hold, state: 'held', convertingKey: null, expired: false });

/** The hold's answer, with the actions it allows. */
const holdOutcome = (hold: HoldRecord, quote: QuoteRecord): Outcome<HoldView> =>
  new Outcome(holdView(hold, quote), {
    expires_at: hold.expiresAt.toISOString(),
    next_actions: [nextActions.confirm(hold), nextActions.release(hold), nextActions.requote(quote)],
  });

export interface CreateHoldCommand {
  quoteId: string;
  /** The request's idempotency record, when it has a key: the quote's read claims the key. */
  idempotency?: IdempotentRequest | null;
}

/**
 * Reserves the quote's rooms (`units`: its room count, 1 for a `guests` quote) on every night of a live quote for HOLD_TTL_SECONDS (docs/booking-chain.md).
 *
 * Early refusal, no statement of its own: the quote is read with its stay's night counters
 * (`QuoteRepository.findForHold`), and a night with no room left even after the due holds covering
 * it are reclaimed answers `allotment_exhausted` at once, without a reservation or a transaction
 * (under a hot room, the losers no longer queue on the pool for the slow path). The read can only
 * refuse: a stay it does not prove full goes on to the reservation, which alone takes rooms.
 *
 * The hold's id and times, and so its answer, are decided first; with an Idempotency-Key that
 * answer is sealed in the statement that writes the hold, and the layer sends no completion.
 *
 * Fast path, one statement (`HoldReservation`): every night's room, the hold, its audit entry and
 * its sealed answer, all or nothing. When a night is full, the stay is read again and refused if now proven full (a
 * concurrent hold took the last room since the first read). Otherwise the slow path runs, in one
 * transaction: holds of the room type past their TTL on these nights are expired first (with their
 * `hold.expired` audit and outbox), so a stopped worker never keeps rooms off sale, then the nights
 * are taken by conditional UPDATEs in date order; a night still full rolls everything back.
 */
@Injectable()
export class CreateHold {
  private readonly logger = new Logger('CreateHold');

  constructor(
    private readonly quotes: QuoteRepository,
    private readonly reservation: HoldReservation,
    private readonly holds: HoldRepository,
    private readonly inventory: RoomNightReservations,
    private readonly recorder: ChainRecorder,
    private readonly scheduler: HoldExpiryScheduler,
    private readonly expiry: ExpireHold,
    private readonly config: AppConfig,
  ) {}

  async execute(command: CreateHoldCommand, actor: Caller): Promise<Outcome<HoldView>> {
    const read = await this.quotes.findForHold(actor.tenantId, command.quoteId, command.idempotency);
    if (!read) throw new DomainError('quote_not_found', { detail: { quote_id: command.quoteId } });
    const quote = read.quote;
    if (quote.agentId !== actor.principalId) throw new DomainError('resource_access_denied', { detail: { quote_id: quote.id } });
    if (quote.expired) {
      throw new DomainError('quote_expired', {
        detail: { quote_id: quote.id, expired_at: quote.expiresAt.toISOString() },
        nextActions: [nextActions.requote(quote)],
      });
    }
    const nights = stayNights(quote.stay);
    // Only a stay proven full at the read is refused here; the counters never grant a room.
    this.refuseProvenFull(quote, nights, read);
    // The answer is decided before the write, so the write seals it under the key: a retry after
    // a crash between the commit and the answer replays this hold instead of taking another.
    const hold = this.newHold(quote, actor);
    const outcome = holdOutcome(heldRecord(hold), quote);
    const sealed = command.idempotency?.seal(outcome) ?? null;
    const written =
      (await this.allocating(quote, () => this.reserveAtOnce(quote, hold, nights, actor, sealed))) ??
      (await this.reserveAfterRefusal(quote, hold, nights, actor, sealed));
    if (sealed && written.sealed) command.idempotency?.sealedWith(outcome, sealed);
    // After commit and never awaited: the hold row is the truth, expiry is enforced at read time and
    // the worker's sweep covers a job that is lost, so a Redis outage must not delay this answer.
    void this.scheduler.schedule(actor.tenantId, hold.id, hold.expiresAt, this.recorder.traceId).catch((error: Error) => {
      this.logger.warn(`hold expiry job for ${hold.id} not enqueued (the sweep will expire it): ${error.message}`);
    });
    return outcome;
  }

  /** The one-statement reservation; null when a night is full (the slow path decides). */
  private async reserveAtOnce(quote: QuoteRecord, hold: NewHold, nights: string[], actor: Caller, sealed: SealedResponse | null): Promise<CreatedHold | null> {
    const result = await this.reservation.reserve({
      hold,
      nights,
      audit: auditEntry('hold.created', { actor: auditActor(actor), traceId: this.recorder.traceId }, { nights, ...unitsData(quote) }),
      idempotency: sealed,
    });
    return result.ok ? result : null;
  }

  /** Refuses a stay with a night the read proves full: no free room and no due hold to give one back. */
  private refuseProvenFull(quote: QuoteRecord, nights: string[], read: QuoteForHold | null): void {
    const full = provenFullNights(read?.fullByCounters ?? [], quoteUnits(quote)).filter((night) => nights.includes(night));
    if (full.length > 0) throw this.exhausted(quote, full);
  }

  /**
   * The one-statement reservation found a full night the read had seen free: a room went to a
   * concurrent hold meanwhile. A second read (one statement, no lock) refuses the stay when it is
   * now proven full, so a burst on a hot room does not send every loser through the slow path's
   * transaction, where they queued on the nights' row locks one after another
   * (docs/booking-chain.md "Hold"). Otherwise the slow path reclaims due holds and decides.
   */
  private async reserveAfterRefusal(quote: QuoteRecord, hold: NewHold, nights: string[], actor: Caller, sealed: SealedResponse | null): Promise<CreatedHold> {
    this.refuseProvenFull(quote, nights, await this.quotes.findForHold(actor.tenantId, quote.id));
    return this.reserveReclaiming(quote, hold, nights, actor, sealed);
  }

  @Transactional()
  private async reserveReclaiming(quote: QuoteRecord, hold: NewHold, nights: string[], actor: Caller, sealed: SealedResponse | null): Promise<CreatedHold> {
    const result = await this.allocating(quote, async () => {
      await this.inventory.ensureNights(actor.tenantId, quote.roomTypeId, nights);
      return this.inventory.reserve(actor.tenantId, quote.roomTypeId, nights, quoteUnits(quote));
    });
    if (!result.ok) throw this.exhausted(quote, result.fullNights);
    for (const reclaimed of result.reclaimed) await this.expiry.record(actor.tenantId, reclaimed, { reclaimed: true });
    const created = await this.holds.create(hold, sealed);
    await this.recorder.append(
      chainAuditEvent(
        { tenantId: actor.tenantId, quoteId: quote.id, holdId: hold.id },
        'hold.created',
        { actor: auditActor(actor), traceId: this.recorder.traceId },
        {
          nights,
          ...unitsData(quote),
          expires_at: hold.expiresAt.toISOString(),
        },
      ),
    );
    return created;
  }

  /** The refusal of a stay with full nights, early or from the slow path: one answer, the same fields. */
  private exhausted(quote: QuoteRecord, dates: string[]): DomainError {
    return new DomainError('allotment_exhausted', {
      detail: { quote_id: quote.id, room_type_id: quote.roomTypeId, dates },
      nextActions: [nextActions.search()],
    });
  }

  private newHold(quote: QuoteRecord, actor: Caller): NewHold {
    const createdAt = new Date();
    return {
      id: randomUUID(),
      tenantId: actor.tenantId,
      agentId: actor.principalId,
      quoteId: quote.id,
      roomTypeId: quote.roomTypeId,
      stay: quote.stay,
      units: quoteUnits(quote),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + this.config.holdTtlSeconds * 1000),
      maxLiveHolds: this.config.maxLiveHoldsPerAgent,
    };
  }

  /** A reservation whose database failure is `allocation_failed` with a fixed reason (the cause is logged). */
  private async allocating<T>(quote: QuoteRecord, reserve: () => Promise<T>): Promise<T> {
    try {
      return await reserve();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The cause (constraint names, SQL) stays in the log; the caller gets a fixed reason.
      this.logger.error({ err: error, quote_id: quote.id }, 'room-night reservation failed');
      throw new DomainError('allocation_failed', { detail: { quote_id: quote.id, reason: 'reservation_failed' } });
    }
  }
}
