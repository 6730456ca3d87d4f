import type { CancellationKind } from '../booking/chain.types';
import type { RestrictionsByDate } from '../stay/stay-restrictions';
import type { NightOccupancy } from '../booking/rules/party-price';

/** What a feed's validators are derived from: the latest change of the rows it shows, and how many. */
export interface FeedFreshness {
  /** Latest change stamp over the rows the feed is built from; null when there are none. */
  lastChange: Date | null;
  /** The latest stamp of every table the feed reads, in one string (hashed into the ETag). */
  fingerprint: string;
  /** Distinct IANA time zones of the promoted properties (their local "today" starts the ARI window). */
  timezones: string[];
}

/** One promoted property as the hotel list shows it. */
export interface FeedListing {
  id: string;
  name: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  phone: string | null;
}

export interface FeedRoomType {
  id: string;
  name: string;
  maxOccupancy: number;
  defaultInventory: number;
}

export interface FeedRatePlan {
  id: string;
  roomTypeId: string;
  name: string;
  currency: string;
  baseRateAmount: number;
  cancellationKind: CancellationKind;
  freeCancellationHoursBeforeCheckin: number;
  /** The plan's `occupancy_pricing` as stored (null = the defaults, `readOccupancyPricing`). */
  occupancyPricing: unknown;
}

/**
 * One promoted property with what the ARI feed prices and counts for a window of check-in dates:
 * only rate plans with a policy (the ones a quote accepts), per-date rates and inventory rows.
 */
export interface FeedAriProperty {
  id: string;
  timezone: string;
  checkinTime: string | null;
  taxes: unknown;
  fees: unknown;
  roomTypes: FeedRoomType[];
  ratePlans: FeedRatePlan[];
  /** Per-date rates in minor units: `dailyRates[ratePlanId][night]`. */
  dailyRates: Record<string, Record<string, number>>;
  /** Per-date party prices of the nights that set any: `dailyOccupancy[ratePlanId][night]`. */
  dailyOccupancy: Record<string, Record<string, NightOccupancy>>;
  /** Inventory rows: `inventory[roomTypeId][night]`; a missing night has the room type's default. */
  inventory: Record<string, Record<string, { allotment: number; held: number; sold: number }>>;
  /** Stay restrictions: `restrictions[ratePlanId][date]`, dates that have any, up to the day after the last check-in. */
  restrictions: Record<string, RestrictionsByDate>;
}

/** Validators of a feed document (strong ETag and Last-Modified) as the use cases decide them. */
export interface FeedValidators {
  etag: string;
  lastModified: Date;
}

/**
 * A feed read: the validators always; the document's parts only when the caller does not have it
 * already (`notModified`), so a matching conditional request never reads rates or inventory.
 */
export type FeedRead<TDocument> = { validators: FeedValidators; notModified: true } | { validators: FeedValidators; notModified: false; document: TDocument };

/** The caller's conditional request headers, as sent. */
export interface ConditionalRequest {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}
