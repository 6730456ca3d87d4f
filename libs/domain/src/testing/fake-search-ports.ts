import { AvailabilitySearchRepository, OfferQuery, PropertyOffer } from '../search/ports/availability-search.repository';

/** Answers the offers it was given and remembers which tenant each call was for. */
export class FakeAvailability extends AvailabilitySearchRepository {
  calls: Array<{ tenantId: string; query: OfferQuery }> = [];
  constructor(private readonly offers: PropertyOffer[] = []) {
    super();
  }
  async findBestOffers(tenantId: string, query: OfferQuery) {
    this.calls.push({ tenantId, query });
    return this.offers;
  }
  async findPromotedProperty() {
    return null;
  }
}
