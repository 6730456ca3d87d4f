import { Injectable } from '@nestjs/common';
import { NextAction, Outcome } from '@hcs/contracts';
import { FxRateRepository } from '../../catalog/ports/fx-rate.repository';
import { DomainError } from '../../errors/domain-error';
import type { Reader } from '../../identity/principal';
import type { Money } from '../../money/money';
import { AvailabilitySearchRepository, OfferQuery } from '../ports/availability-search.repository';
import { budgetByCurrency, rankOffers, RankedResult } from '../rules/ranking';
import { anyZoneStayWindow, nightCount, partySize, Stay, StayPaths, stayViolations, stayWindow } from '../../stay/stay-rules';

/** A search after the transport has validated its shape and normalised the flat variant. */
export interface SearchCriteria {
  destination: { type: 'area' | 'property'; value: string } | null;
  stay: Stay;
  guests: { adults: number; children: Array<{ age: number }> };
  constraints: { max_price_per_night?: Money; meal_plan?: string; cancellation?: string };
  /** Where the caller put check_in/check_out (nested `stay.*` or flat top-level), for error paths. */
  stayPaths: StayPaths;
}

export interface SearchResults {
  results: RankedResult[];
  stay: Stay;
  nights: number;
  guests: { adults: number; children: Array<{ age: number }> };
}

/** Most results one search returns (the best ranked). */
export const MAX_SEARCH_RESULTS = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /v1/search`: promoted properties of the tenant with a room type that fits the party and
 * has a room on every night, priced per plan for the party from per-date rates (else the base
 * rate) and ranked on the whole stay with its taxes and fees (`offerStayTotal`), filtered
 * by the constraints, best offer per property, ranked and explained. Each result comes with a
 * ready `quote` next action.
 */
@Injectable()
export class SearchAvailability {
  constructor(
    private readonly search: AvailabilitySearchRepository,
    private readonly fx: FxRateRepository,
  ) {}

  async execute(criteria: SearchCriteria, reader: Reader): Promise<Outcome<SearchResults>> {
    const { tenantId } = reader;
    // The widest window first: what no time zone accepts is invalid for every property.
    const errors = stayViolations(criteria.stay, anyZoneStayWindow(), criteria.stayPaths);
    if (errors.length > 0) throw new DomainError('validation_failed', { detail: { field_errors: errors } });

    const nights = nightCount(criteria.stay);
    const destination = criteria.destination;
    const property =
      destination?.type === 'property' ? { slug: destination.value, id: UUID.test(destination.value) ? destination.value.toLowerCase() : null } : null;
    const { max_price_per_night: budget, meal_plan: mealPlan, cancellation } = criteria.constraints;
    const fxRates = await this.fx.listEffective(tenantId);
    const query: OfferQuery = {
      area: destination?.type === 'area' ? destination.value.trim().toLowerCase() : null,
      property,
      checkIn: criteria.stay.check_in,
      checkOut: criteria.stay.check_out,
      nights,
      partySize: partySize(criteria.guests),
      adults: criteria.guests.adults,
      childAges: criteria.guests.children.map((c) => c.age),
      mealPlan: mealPlan ?? null,
      cancellation: cancellation ?? null,
      maxNightlyByCurrency: budget ? budgetByCurrency(budget, fxRates) : null,
    };
    const offers = await this.search.findBestOffers(tenantId, query);
    if (offers.length === 0 && property) await this.explainEmptyPropertySearch(tenantId, criteria, property);

    const results = rankOffers(offers, {
      destination,
      checkIn: criteria.stay.check_in,
      checkOut: criteria.stay.check_out,
      nights,
      adults: criteria.guests.adults,
      children: criteria.guests.children.length,
      maxPricePerNight: budget ?? null,
      mealPlan: mealPlan ?? null,
      cancellation: cancellation ?? null,
      fxRates,
    }).slice(0, MAX_SEARCH_RESULTS);

    const stay = { check_in: criteria.stay.check_in, check_out: criteria.stay.check_out };
    const nextActions: NextAction[] = results.map((r) => ({
      rel: 'quote',
      method: 'POST',
      href: '/v1/quotes',
      body_hint: { hotel_id: r.hotel_id, room_type_id: r.best_offer.room_type_id, rate_plan_id: r.best_offer.rate_plan_id, stay, guests: criteria.guests },
    }));
    if (results.length === 0) nextActions.push({ rel: 'search', method: 'POST', href: '/v1/search' });
    return new Outcome({ results, stay, nights, guests: criteria.guests }, { next_actions: nextActions });
  }

  /** A property search that found nothing because of the property's own time zone is a bad request. */
  private async explainEmptyPropertySearch(tenantId: string, criteria: SearchCriteria, property: { slug: string; id: string | null }): Promise<void> {
    const found = await this.search.findPromotedProperty(tenantId, property);
    if (!found) return;
    const errors = stayViolations(criteria.stay, stayWindow(found.timezone), criteria.stayPaths);
    if (errors.length > 0) throw new DomainError('validation_failed', { detail: { field_errors: errors } });
  }
}
