import type { PaymentTerms } from '../catalog';
import { DomainError, FieldError } from '../../errors/domain-error';
import { epochDay } from '../../stay/calendar';
import type { CancellationKind, DateRange, Fee, MealPlan, OccupancyPricingInput, PolicyFields, PropertyFields, RoomTypeFields, Tax } from '../catalog';
import { chargeFields } from './pricing-input';

/** Admin input of a property, in the API's field names (the DTOs validate shapes and ranges). */
export interface PropertyInput {
  slug: string;
  name: string;
  description?: string | null;
  star_rating?: number | null;
  address?: { line1: string; line2?: string | null; city: string; region?: string | null; country: string; postal_code?: string | null } | null;
  geo?: { lat: number; lng: number } | null;
  timezone: string;
  default_currency: string;
  amenities?: string[];
  images?: string[];
  phone?: string | null;
  email?: string | null;
  pets_allowed?: boolean;
  number_of_rooms?: number | null;
  checkin_time?: string | null;
  checkout_time?: string | null;
  taxes?: Tax[];
  fees?: Fee[];
}

export interface RoomTypeInput {
  code: string;
  name: string;
  description?: string | null;
  max_occupancy: number;
  bed_type?: string | null;
  floor_size_sqm?: number | null;
  amenities?: string[];
  images?: string[];
  smoking_allowed?: boolean;
  default_inventory: number;
}

export interface RatePlanInput {
  code: string;
  name: string;
  base_rate: { amount: number; currency: string };
  meal_plan?: MealPlan;
  /** Code of a policy of the same property; the plan points at its current version. */
  policy_code?: string | null;
  /** Party pricing (docs/catalog.md "Party pricing"); null: the defaults. */
  occupancy_pricing?: OccupancyPricingInput | null;
  /** How the plan takes its money (docs/payments.md "Payment terms"); null: prepay. */
  payment_terms?: PaymentTerms | null;
}

export interface PolicyInput {
  cancellation_kind: CancellationKind;
  free_cancellation_hours_before_checkin?: number;
  cancellation_fee_pct_after_cutoff?: number;
  child_policy_text?: string | null;
}

const has = <T extends object>(input: T, key: keyof T): boolean => Object.prototype.hasOwnProperty.call(input, key) && input[key] !== undefined;

/** The stored fields a (partial) property input sets; absent keys are left out. */
export function propertyPatch(input: Partial<PropertyInput>): Partial<PropertyFields> {
  const out: Partial<PropertyFields> = {};
  if (has(input, 'slug')) out.slug = input.slug as string;
  if (has(input, 'name')) out.name = input.name as string;
  if (has(input, 'description')) out.description = input.description ?? null;
  if (has(input, 'star_rating')) out.starRating = input.star_rating ?? null;
  if (has(input, 'address')) {
    const a = input.address;
    out.address = a
      ? { line1: a.line1, line2: a.line2 ?? null, city: a.city, region: a.region ?? null, country: a.country, postalCode: a.postal_code ?? null }
      : { line1: null, line2: null, city: null, region: null, country: null, postalCode: null };
  }
  if (has(input, 'geo')) out.geo = input.geo ? { lat: input.geo.lat, lng: input.geo.lng } : null;
  if (has(input, 'timezone')) out.timezone = input.timezone as string;
  if (has(input, 'default_currency')) out.defaultCurrency = input.default_currency as string;
  if (has(input, 'amenities')) out.amenities = input.amenities as string[];
  if (has(input, 'images')) out.images = input.images as string[];
  if (has(input, 'phone')) out.phone = input.phone ?? null;
  if (has(input, 'email')) out.email = input.email ?? null;
  if (has(input, 'pets_allowed')) out.petsAllowed = input.pets_allowed as boolean;
  if (has(input, 'number_of_rooms')) out.numberOfRooms = input.number_of_rooms ?? null;
  if (has(input, 'checkin_time')) out.checkinTime = input.checkin_time ?? null;
  if (has(input, 'checkout_time')) out.checkoutTime = input.checkout_time ?? null;
  if (has(input, 'taxes')) out.taxes = (input.taxes as Tax[]).map(chargeFields);
  if (has(input, 'fees')) out.fees = (input.fees as Fee[]).map(chargeFields);
  return out;
}

export function newPropertyFields(input: PropertyInput): PropertyFields {
  const defaults: Omit<PropertyFields, 'slug' | 'name' | 'timezone' | 'defaultCurrency'> = {
    description: null,
    starRating: null,
    address: { line1: null, line2: null, city: null, region: null, country: null, postalCode: null },
    geo: null,
    amenities: [],
    images: [],
    phone: null,
    email: null,
    petsAllowed: false,
    numberOfRooms: null,
    checkinTime: null,
    checkoutTime: null,
    taxes: [],
    fees: [],
  };
  return { ...defaults, ...(propertyPatch(input) as PropertyFields) };
}

export function roomTypePatch(input: Partial<RoomTypeInput>): Partial<RoomTypeFields> {
  const out: Partial<RoomTypeFields> = {};
  if (has(input, 'code')) out.code = input.code as string;
  if (has(input, 'name')) out.name = input.name as string;
  if (has(input, 'description')) out.description = input.description ?? null;
  if (has(input, 'max_occupancy')) out.maxOccupancy = input.max_occupancy as number;
  if (has(input, 'bed_type')) out.bedType = input.bed_type ?? null;
  if (has(input, 'floor_size_sqm')) out.floorSizeSqm = input.floor_size_sqm ?? null;
  if (has(input, 'amenities')) out.amenities = input.amenities as string[];
  if (has(input, 'images')) out.images = input.images as string[];
  if (has(input, 'smoking_allowed')) out.smokingAllowed = input.smoking_allowed as boolean;
  if (has(input, 'default_inventory')) out.defaultInventory = input.default_inventory as number;
  return out;
}

export function newRoomTypeFields(input: RoomTypeInput): RoomTypeFields {
  const defaults: Omit<RoomTypeFields, 'code' | 'name' | 'maxOccupancy' | 'defaultInventory'> = {
    description: null,
    bedType: null,
    floorSizeSqm: null,
    amenities: [],
    images: [],
    smokingAllowed: false,
  };
  return { ...defaults, ...(roomTypePatch(input) as RoomTypeFields) };
}

export function policyFields(input: PolicyInput): PolicyFields {
  const nonRefundable = input.cancellation_kind === 'non_refundable';
  return {
    cancellationKind: input.cancellation_kind,
    // A non-refundable policy has no free window and a 100% fee whatever was sent.
    freeCancellationHoursBeforeCheckin: nonRefundable ? 0 : (input.free_cancellation_hours_before_checkin ?? 24),
    cancellationFeePctAfterCutoff: nonRefundable ? 100 : (input.cancellation_fee_pct_after_cutoff ?? 100),
    childPolicyText: input.child_policy_text ?? null,
  };
}

export function samePolicy(a: PolicyFields, b: PolicyFields): boolean {
  return (
    a.cancellationKind === b.cancellationKind &&
    a.freeCancellationHoursBeforeCheckin === b.freeCancellationHoursBeforeCheckin &&
    a.cancellationFeePctAfterCutoff === b.cancellationFeePctAfterCutoff &&
    a.childPolicyText === b.childPolicyText
  );
}

/** Longest ARI range one call may write. */
export const MAX_ARI_RANGE_NIGHTS = 731;

/** Checks an inclusive ARI date range: real dates, `to` not before `from`, at most 731 nights. */
export function assertDateRange(range: DateRange): void {
  const errors = dateRangeErrors(range);
  if (errors.length > 0) throw new DomainError('validation_failed', { detail: { field_errors: errors } });
}

/** What is wrong with an ARI range (real dates, `to` not before `from`, at most 731 nights), as field errors. */
export function dateRangeErrors(range: DateRange): FieldError[] {
  const errors: FieldError[] = [];
  // epochDay, not Date.parse: V8 reads `2027-02-30` as March 2nd, which Postgres then refuses.
  const from = epochDay(range.from);
  const to = epochDay(range.to);
  if (from === null) errors.push({ path: 'from', message: 'must be a real date in YYYY-MM-DD format' });
  if (to === null) errors.push({ path: 'to', message: 'must be a real date in YYYY-MM-DD format' });
  if (from !== null && to !== null) {
    const nights = to - from + 1;
    if (nights < 1) errors.push({ path: 'to', message: 'must not be before from' });
    else if (nights > MAX_ARI_RANGE_NIGHTS) errors.push({ path: 'to', message: `the range may span at most ${MAX_ARI_RANGE_NIGHTS} nights (got ${nights})` });
  }
  return errors;
}

export function fieldError(path: string, message: string): DomainError {
  return new DomainError('validation_failed', { detail: { field_errors: [{ path, message }] } });
}
