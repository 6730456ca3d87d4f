import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig, RequestContext } from '@hcs/platform';
import { DomainError, FieldError, validationFailed } from '../../errors/domain-error';
import { nightCount, partyFits, Stay, STAY_RULES, stayNights, stayViolations, stayWindow } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import type { Guests } from '../chain.types';
import { nextActions } from '../next-actions';
import { QuoteRepository } from '../ports/quote.repository';
import { QuoteSourceReader } from '../ports/quote-source.reader';
import { priceFromSource } from '../rules/quote-price';
import { snapshotPolicy } from '../rules/policy-snapshot';
import { cancellationTimeline } from '../rules/cancellation-timeline';
import { cancellationBase } from '../rules/cancellation-fee';
import { QuoteView, quoteView } from '../views';
import { auditActor, auditEntry } from '../rules/audit-entry';

export interface CreateQuoteCommand {
  hotelId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  guests: Guests;
}

/**
 * Prices one room for a stay and freezes price and cancellation terms for QUOTE_TTL_SECONDS.
 * Catalog ids first (404s), then stay rules and occupancy (all paths at once), then the policy.
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

    const errors: FieldError[] = stayViolations(command.stay, stayWindow(src.property.timezone));
    if (!partyFits(command.guests, src.roomType.maxOccupancy)) {
      errors.push({ path: 'guests', message: `the room sleeps at most ${src.roomType.maxOccupancy} guests (adults + children)` });
    }
    if (errors.length > 0) throw validationFailed(errors);
    if (!src.policy) throw new DomainError('policy_not_found_for_rate_plan', { detail: { rate_plan_id: command.ratePlanId } });

    const price = priceFromSource({ ...src, property: src.property, roomType: src.roomType, ratePlan: src.ratePlan }, nights, command.guests);
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
        guests: command.guests,
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
          stay: { check_in: command.stay.check_in, check_out: command.stay.check_out },
        },
      ),
    );
    return new Outcome(quoteView(quote), { expires_at: quote.expiresAt.toISOString(), next_actions: [nextActions.createHold(quote)] });
  }
}
