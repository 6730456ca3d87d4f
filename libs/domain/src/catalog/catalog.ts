import type { Money } from '../money/money';

export const MEAL_PLANS = ['room_only', 'breakfast', 'half_board', 'full_board', 'all_inclusive'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

export const CANCELLATION_KINDS = ['free_cancellation', 'non_refundable'] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];

export interface Address {
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  postalCode: string | null;
}

export interface Geo {
  lat: number;
  lng: number;
}

/**
 * A property tax or fee as stored (docs/catalog.md "Taxes and fees"): a share of the room subtotal
 * in basis points (`rate_bps`, 1000 = 10%), or a fixed `amount` in minor units of the rate plan's
 * currency `per` stay, night, person-night or person-stay; `included` and `payable` only when set.
 */
export interface Tax {
  code: string;
  name: string;
  rate_bps?: number;
  amount?: number;
  per?: 'stay' | 'night' | 'person_night' | 'person_stay';
  included?: boolean;
  payable?: 'online' | 'at_property';
}

export type Fee = Tax;

export interface Property {
  id: string;
  tenantId: string;
  slug: string;
  name: string;
  description: string | null;
  starRating: number | null;
  address: Address;
  geo: Geo | null;
  timezone: string;
  defaultCurrency: string;
  amenities: string[];
  images: string[];
  phone: string | null;
  email: string | null;
  petsAllowed: boolean;
  numberOfRooms: number | null;
  checkinTime: string | null;
  checkoutTime: string | null;
  taxes: Tax[];
  fees: Fee[];
  promotedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type PropertyFields = Omit<Property, 'id' | 'tenantId' | 'promotedAt' | 'createdAt' | 'updatedAt'>;

export interface Policy {
  id: string;
  tenantId: string;
  propertyId: string;
  code: string;
  version: string;
  cancellationKind: CancellationKind;
  freeCancellationHoursBeforeCheckin: number;
  cancellationFeePctAfterCutoff: number;
  childPolicyText: string | null;
  createdAt: Date;
}

export type PolicyFields = Pick<Policy, 'cancellationKind' | 'freeCancellationHoursBeforeCheckin' | 'cancellationFeePctAfterCutoff' | 'childPolicyText'>;

export interface RoomType {
  id: string;
  tenantId: string;
  propertyId: string;
  code: string;
  name: string;
  description: string | null;
  maxOccupancy: number;
  bedType: string | null;
  floorSizeSqm: number | null;
  amenities: string[];
  images: string[];
  smokingAllowed: boolean;
  defaultInventory: number;
  createdAt: Date;
}

export type RoomTypeFields = Omit<RoomType, 'id' | 'tenantId' | 'propertyId' | 'createdAt'>;

export interface RatePlan {
  id: string;
  tenantId: string;
  propertyId: string;
  roomTypeId: string;
  code: string;
  name: string;
  /** Base nightly rate in minor units of `baseRate.currency` (the plan's currency). */
  baseRate: Money;
  mealPlan: MealPlan;
  policyId: string | null;
  /** As stored: what the admin set (null = the defaults, `readOccupancyPricing`). */
  occupancyPricing: OccupancyPricingInput | null;
  /** As stored: null = prepay (docs/payments.md "Payment terms"). */
  paymentTerms?: PaymentTerms | null;
  createdAt: Date;
}

/** A rate plan's `occupancy_pricing` as set; what it leaves out takes the defaults. */
export interface OccupancyPricingInput {
  base_adults?: number;
  extra_adult?: number;
  child_rates?: Array<{ max_age: number; amount: number }>;
}

export interface RatePlanFields {
  code: string;
  name: string;
  baseRate: Money;
  mealPlan: MealPlan;
  policyId: string | null;
  occupancyPricing?: OccupancyPricingInput | null;
  paymentTerms?: PaymentTerms | null;
}

/** One night of a room type's inventory as the admin sees it. */
export interface InventoryNight {
  night: string;
  allotment: number;
  overridden: boolean;
  held: number;
  sold: number;
  available: number;
}

/** A night whose held + sold would not fit a new allotment. */
export interface AllotmentConflict {
  night: string;
  allotment: number;
  committed: number;
}

export interface DailyRate {
  night: string;
  amount: number;
  /** True when a per-date rate is set; false when the night falls back to the base rate. */
  overridden: boolean;
  /** The night's own party prices (docs/catalog.md "Party pricing"); null: the plan's. */
  by_adults: Record<string, number> | null;
  extra_adult: number | null;
  child_rates: Array<{ max_age: number; amount: number }> | null;
}

/** A night's own party prices as an admin sets them with its rate. */
export interface NightPartyPrices {
  by_adults?: Record<string, number> | null;
  extra_adult?: number | null;
  child_rates?: Array<{ max_age: number; amount: number }> | null;
}

export interface DateRange {
  from: string;
  /** Inclusive. */
  to: string;
}

export interface PageRequest {
  /** Slug of the last item of the previous page. */
  afterSlug: string | null;
  limit: number;
}

/** How a rate plan takes its money (docs/payments.md "Payment terms"). */
export const PAYMENT_TERMS_KINDS = ['prepay', 'deposit', 'pay_at_property'] as const;
export type PaymentTermsKind = (typeof PAYMENT_TERMS_KINDS)[number];

/** `deposit_pct` (1..99, of `payable_online`) and `balance_due_days` (0..365 before check-in) belong to `deposit` only. */
export interface PaymentTerms {
  kind: PaymentTermsKind;
  deposit_pct?: number;
  balance_due_days?: number;
}
