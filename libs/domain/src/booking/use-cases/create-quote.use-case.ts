import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig, RequestContext } from '@hcs/platform';
import { DomainError, FieldError, validationFailed } from '../../errors/domain-error';
import { nightCount, partyFits, Stay, STAY_RULES, stayNights, stayViolations, stayWindow } from '../../stay/stay-rules';
import { stayRestrictionViolations } from '../../stay/stay-restrictions';
import type { Caller } from '../../identity/principal';
import type { Guests } from '../chain.types';
import { nextActions } from '../next-actions';
import { QuoteRepository } from '../ports/quote.repository';
import { QuoteSourceReader } from '../ports/quote-source.reader';
import { priceFromSource } from '../rules/quote-price';
import { combineRoomPrices, wholeParty } from '../rules/room-prices';
import { snapshotPolicy } from '../rules/policy-snapshot';
import { readPaymentTerms, splitUnderTerms } from '../rules/payment-terms';
import { cancellationTimeline } from '../rules/cancellation-timeline';
import { cancellationBase } from '../rules/cancellation-fee';
import { QuoteView, quoteView } from '../views';
import { auditActor, auditEntry } from '../rules/audit-entry';

export interface CreateQuoteCommand {
  hotelId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  /** One room's party; exactly one of `guests` and `rooms` (the DTO enforces it). */
  guests?: Guests;
  /** Several rooms of the room type, each with its party (docs/booking-chain.md "Several rooms"). */
  rooms?: Guests[];
}

/** At most this many rooms in one quote (docs/booking-chain.md "Several rooms"). */
export const MAX_ROOMS_PER_QUOTE = 8;

/**
 * Prices one room (`guests`) or several of the room type (`rooms`, each priced for its party and
 * summed by `combineRoomPrices`) for a stay and freezes price and cancellation terms for
 * QUOTE_TTL_SECONDS. Catalog ids first (404s), then stay rules and occupancy (every room, all
 * paths at once), then the policy, then the rate plan's stay restrictions (`stay_restricted`,
 * every violation at once).
 */
@Injectable()
export class CreateQuote {
  constructor(
    private readonly source: QuoteSourceReader,
    private readonly quotes: QuoteRepository,
    private readonly config: AppConfig,
    private readonly context: RequestContext,
  ) {}

  async execute(command: CreateQuoteCommand, actor: Caller): Promise<Outcome<QuoteView>> {
    // Only a stay of allowed length is expanded into nights (a year-long stay is rejected below, not enumerated).
    const count = nightCount(command.stay);
    const nights = count >= STAY_RULES.minNights && count <= STAY_RULES.maxNights ? stayNights(command.stay) : [];
    const src = await this.source.read(actor.tenantId, { propertyId: command.hotelId, roomTypeId: command.roomTypeId, ratePlanId: command.ratePlanId, nights });
    if (!src.property) throw new DomainError('property_not_found', { detail: { hotel_id: command.hotelId } });
    if (!src.roomType) throw new DomainError('room_type_not_found', { detail: { hotel_id: command.hotelId, room_type_id: command.roomTypeId } });
    if (!src.ratePlan) throw new DomainError('rate_plan_not_found', { detail: { room_type_id: command.roomTypeId, rate_plan_id: command.ratePlanId } });

    const { property, roomType, ratePlan } = src;
    const window = stayWindow(property.timezone);
    const errors: FieldError[] = stayViolations(command.stay, window);
    const rooms = command.rooms ?? null;
    const parties = rooms ?? [command.guests as Guests];
    const sleeps = `the room sleeps at most ${roomType.maxOccupancy} guests (adults + children)`;
    parties.forEach((party, i) => {
      if (!partyFits(party, roomType.maxOccupancy)) errors.push({ path: rooms ? `rooms[${i}]` : 'guests', message: sleeps });
    });
    if (rooms && (rooms.length < 1 || rooms.length > MAX_ROOMS_PER_QUOTE)) errors.push({ path: 'rooms', message: `1 to ${MAX_ROOMS_PER_QUOTE} rooms` });
    if (errors.length > 0) throw validationFailed(errors);
    if (!src.policy) throw new DomainError('policy_not_found_for_rate_plan', { detail: { rate_plan_id: command.ratePlanId } });
    // Stay restrictions (docs/catalog.md "Stay restrictions"): every broken one at once; read in the same statement as the rest.
    const violations = stayRestrictionViolations(command.stay, window.earliest, src.restrictions);
    if (violations.length > 0) throw new DomainError('stay_restricted', { detail: { rate_plan_id: command.ratePlanId, violations } });

    // One room priced for one party; several rooms are priced one by one and summed.
    const priced = { ...src, property, roomType, ratePlan };
    const priceFor = (party: Guests) => priceFromSource(priced, nights, party);
    const paymentTerms = src.ratePlan.paymentTerms ? readPaymentTerms(src.ratePlan.paymentTerms) : null;
    const listed = rooms ? combineRoomPrices(rooms.map((party) => ({ guests: party, price: priceFor(party) }))) : priceFor(parties[0]);
    const price = paymentTerms ? splitUnderTerms(listed, paymentTerms, { currency: property.currency, rate: property.localRate }) : listed;
    const terms = snapshotPolicy(
      {
        policy_id: src.policy.id,
        version: src.policy.version,
        cancellation_kind: src.policy.cancellationKind,
        free_cancellation_hours_before_checkin: src.policy.freeCancellationHoursBeforeCheckin,
        cancellation_fee_pct_after_cutoff: src.policy.cancellationFeePctAfterCutoff,
        child_policy_text: src.policy.childPolicyText,
      },
      command.stay.check_in,
      src.property.checkinTime,
      src.property.timezone,
    );
    const snapshot = {
      ...terms,
      cancellation_timeline: cancellationTimeline(terms, command.stay.check_in, cancellationBase(price)),
      payable_online: price.payable_online,
      payable_at_property: price.payable_at_property,
      // Terms other than prepay are frozen with the policy (docs/payments.md); prepay leaves the snapshot as it was.
      ...(paymentTerms && paymentTerms.kind !== 'prepay' ? { payment_terms: paymentTerms } : {}),
    };
    // One statement writes the quote and its audit entry (docs/performance.md).
    const quote = await this.quotes.create(
      {
        tenantId: actor.tenantId,
        agentId: actor.principalId,
        propertyId: src.property.id,
        roomTypeId: src.roomType.id,
        ratePlanId: src.ratePlan.id,
        stay: { check_in: command.stay.check_in, check_out: command.stay.check_out },
        guests: rooms ? wholeParty(rooms) : parties[0],
        rooms,
        priceBreakdown: price,
        policySnapshot: snapshot,
        ttlSeconds: this.config.quoteTtlSeconds,
      },
      auditEntry(
        'quote.created',
        { actor: auditActor(actor), traceId: this.context.traceId },
        {
          total: price.total,
          policy_version: snapshot.version,
          ...(rooms ? { rooms: rooms.length } : {}),
          stay: { check_in: command.stay.check_in, check_out: command.stay.check_out },
        },
      ),
    );
    return new Outcome(quoteView(quote), { expires_at: quote.expiresAt.toISOString(), next_actions: [nextActions.createHold(quote)] });
  }
}
