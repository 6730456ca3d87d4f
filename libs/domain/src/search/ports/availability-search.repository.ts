/** What search asks the store for (already validated and normalised). */
export interface OfferQuery {
  /** Lower-cased area term matched against city, region, country code and name; null = everywhere. */
  area: string | null;
  /** Property destination: a slug, and the same value as a UUID when it is one. */
  property: { slug: string; id: string | null } | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  partySize: number;
  /** The party the offers are priced for (docs/catalog.md "Party pricing"). */
  adults: number;
  childAges: number[];
  mealPlan: string | null;
  cancellation: string | null;
  /** Max nightly price per plan currency, in that currency's minor units; null = no cap. */
  maxNightlyByCurrency: Record<string, number> | null;
}

/** How a property matched the area term. */
export type AreaMatch = 'property' | 'city' | 'region' | 'country' | 'name' | null;

/** The best offer of one property (cheapest matching plan, own currency first) and its context. */
export interface PropertyOffer {
  propertyId: string;
  propertyName: string;
  slug: string;
  city: string | null;
  region: string | null;
  country: string | null;
  starRating: number | null;
  defaultCurrency: string;
  areaMatch: AreaMatch;
  roomTypeId: string;
  roomTypeName: string;
  maxOccupancy: number;
  /** Fewest rooms left on any night of the stay. */
  roomsLeft: number;
  ratePlanId: string;
  ratePlanName: string;
  mealPlan: string;
  currency: string;
  /** Sum of the nightly rates for the party (the stay's subtotal), minor units. */
  total: number;
  /** Average nightly rate for the party, minor units, rounded half up. */
  nightly: number;
  cancellationKind: string;
  /** The best plan's payment terms as stored (null = prepay, `readPaymentTerms`; docs/payments.md). */
  paymentTerms?: unknown;
  freeCancellationHours: number;
  /** Matching offers of the property (room type x rate plan). */
  offerCount: number;
  hasFreeCancellation: boolean;
  /** The property's tax and fee rules as stored (`readTaxRules`). */
  taxes: unknown;
  fees: unknown;
}

/** Port: the availability search, in one query, tenant-bounded. */
export abstract class AvailabilitySearchRepository {
  abstract findBestOffers(tenantId: string, query: OfferQuery): Promise<PropertyOffer[]>;
  /** A promoted property named by id or slug, for explaining an empty property search. */
  abstract findPromotedProperty(tenantId: string, property: { slug: string; id: string | null }): Promise<{ id: string; timezone: string } | null>;
}
