import { type PaymentTerms, readPaymentTerms } from '../booking/rules/payment-terms';
import { toMajorUnits } from '../money/currency';
import { OccupancyPricing, readOccupancyPricing } from '../booking/rules/party-price';
import type { Address, Fee, Policy, Property, RatePlan, RoomType, Tax } from './catalog';

/** A property's address (docs/catalog.md): required parts always, optional parts only when set. */
export interface AddressView {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  country: string;
  postal_code?: string;
}

export interface PropertyView {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  star_rating: number | null;
  address: AddressView | null;
  geo: { lat: number; lng: number } | null;
  default_currency: string;
  timezone: string;
}

export interface RatePlanView {
  id: string;
  code: string;
  name: string;
  currency: string;
  /** Major units, for display (docs/api-contract.md "Money, dates and ids"). */
  base_rate_per_night: number;
  meal_plan: string;
  cancellation_kind: string;
  /** The same rate as a money object in minor units. */
  base_rate: { amount: number; currency: string };
  /** Present when `?currency=` converted this plan: the rate before conversion. */
  original_base_rate?: { amount: number; currency: string };
}

export interface RoomTypeView {
  id: string;
  code: string;
  name: string;
  description: string | null;
  max_occupancy: number;
  bed_type: string | null;
  floor_size_sqm: number | null;
  amenities: string[];
  images: string[];
  smoking_allowed: boolean;
  default_inventory: number;
  rate_plans: RatePlanView[];
}

export interface PolicyView {
  id: string;
  code: string;
  version: string;
  cancellation_kind: string;
  free_cancellation_hours_before_checkin: number;
  cancellation_fee_pct_after_cutoff: number;
  child_policy_text: string | null;
}

export function addressView(address: Address): AddressView | null {
  if (!address.line1 || !address.city || !address.country) return null;
  const view: AddressView = { line1: address.line1, city: address.city, country: address.country };
  if (address.line2) view.line2 = address.line2;
  if (address.region) view.region = address.region;
  if (address.postalCode) view.postal_code = address.postalCode;
  return view;
}

export function propertyView(p: Property): PropertyView {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    star_rating: p.starRating,
    address: addressView(p.address),
    geo: p.geo,
    default_currency: p.defaultCurrency,
    timezone: p.timezone,
  };
}

export function ratePlanView(plan: RatePlan, policy: Policy): RatePlanView {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    currency: plan.baseRate.currency,
    base_rate_per_night: toMajorUnits(plan.baseRate.amount, plan.baseRate.currency),
    meal_plan: plan.mealPlan,
    cancellation_kind: policy.cancellationKind,
    base_rate: { ...plan.baseRate },
  };
}

export function roomTypeView(room: RoomType, ratePlans: RatePlanView[]): RoomTypeView {
  return {
    id: room.id,
    code: room.code,
    name: room.name,
    description: room.description,
    max_occupancy: room.maxOccupancy,
    bed_type: room.bedType,
    floor_size_sqm: room.floorSizeSqm,
    amenities: room.amenities,
    images: room.images,
    smoking_allowed: room.smokingAllowed,
    default_inventory: room.defaultInventory,
    rate_plans: ratePlans,
  };
}

export function policyView(p: Policy): PolicyView {
  return {
    id: p.id,
    code: p.code,
    version: p.version,
    cancellation_kind: p.cancellationKind,
    free_cancellation_hours_before_checkin: p.freeCancellationHoursBeforeCheckin,
    cancellation_fee_pct_after_cutoff: p.cancellationFeePctAfterCutoff,
    child_policy_text: p.childPolicyText,
  };
}

/** Everything an admin set on a property, including what public reads leave out. */
export interface AdminPropertyView extends PropertyView {
  amenities: string[];
  images: string[];
  phone: string | null;
  email: string | null;
  pets_allowed: boolean;
  number_of_rooms: number | null;
  checkin_time: string | null;
  checkout_time: string | null;
  taxes: Tax[];
  fees: Fee[];
  promoted: boolean;
  promoted_at: string | null;
  created_at: string;
  updated_at: string;
}

export function adminPropertyView(p: Property): AdminPropertyView {
  return {
    ...propertyView(p),
    amenities: p.amenities,
    images: p.images,
    phone: p.phone,
    email: p.email,
    pets_allowed: p.petsAllowed,
    number_of_rooms: p.numberOfRooms,
    checkin_time: p.checkinTime,
    checkout_time: p.checkoutTime,
    taxes: p.taxes,
    fees: p.fees,
    promoted: p.promotedAt !== null,
    promoted_at: p.promotedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export interface AdminRoomTypeView extends Omit<RoomTypeView, 'rate_plans'> {
  property_id: string;
  created_at: string;
}

export function adminRoomTypeView(room: RoomType): AdminRoomTypeView {
  const { rate_plans: _ignored, ...rest } = roomTypeView(room, []);
  return { ...rest, property_id: room.propertyId, created_at: room.createdAt.toISOString() };
}

export interface AdminRatePlanView {
  id: string;
  property_id: string;
  room_type_id: string;
  code: string;
  name: string;
  currency: string;
  base_rate: { amount: number; currency: string };
  base_rate_per_night: number;
  meal_plan: string;
  policy_id: string | null;
  policy_version: string | null;
  cancellation_kind: string | null;
  /** The plan's party pricing with the defaults filled for what it does not set. */
  occupancy_pricing: OccupancyPricing;
  /** How the plan takes its money, `{kind: "prepay"}` when it sets none (docs/payments.md "Payment terms"). */
  payment_terms: PaymentTerms;
  created_at: string;
}

export function adminRatePlanView(plan: RatePlan, policy: Policy | null, maxOccupancy: number): AdminRatePlanView {
  return {
    id: plan.id,
    property_id: plan.propertyId,
    room_type_id: plan.roomTypeId,
    code: plan.code,
    name: plan.name,
    currency: plan.baseRate.currency,
    base_rate: { ...plan.baseRate },
    base_rate_per_night: toMajorUnits(plan.baseRate.amount, plan.baseRate.currency),
    meal_plan: plan.mealPlan,
    policy_id: policy?.id ?? null,
    policy_version: policy?.version ?? null,
    cancellation_kind: policy?.cancellationKind ?? null,
    occupancy_pricing: readOccupancyPricing(plan.occupancyPricing, maxOccupancy),
    payment_terms: readPaymentTerms(plan.paymentTerms),
    created_at: plan.createdAt.toISOString(),
  };
}

export interface AdminPolicyView extends PolicyView {
  property_id: string;
  created_at: string;
}

export function adminPolicyView(p: Policy): AdminPolicyView {
  return { ...policyView(p), property_id: p.propertyId, created_at: p.createdAt.toISOString() };
}
