import type { Property, RatePlan, RoomType } from '../catalog';

export interface PromotionBlocker {
  code: 'no_address' | 'no_geo' | 'no_room_type' | 'room_type_without_rate_plan' | 'no_rate_plan' | 'rate_plan_without_policy';
  message: string;
  room_type_id?: string;
  rate_plan_id?: string;
}

/**
 * Why a property cannot be promoted yet (empty when it can): it needs an address and geo, at
 * least one room type, every room type a rate plan, and every rate plan a policy, so that
 * anything search shows can be quoted.
 */
export function promotionBlockers(property: Property, roomTypes: RoomType[], ratePlans: RatePlan[]): PromotionBlocker[] {
  const reasons: PromotionBlocker[] = [];
  const a = property.address;
  const missing = (['line1', 'city', 'country'] as const).filter((k) => !a[k]);
  if (missing.length > 0) reasons.push({ code: 'no_address', message: `The address lacks ${missing.join(', ')}.` });
  if (!property.geo) reasons.push({ code: 'no_geo', message: 'The property has no geo coordinates (lat, lng).' });
  if (roomTypes.length === 0) reasons.push({ code: 'no_room_type', message: 'The property has no room type.' });
  if (roomTypes.length > 0 && ratePlans.length === 0) reasons.push({ code: 'no_rate_plan', message: 'The property has no rate plan.' });
  for (const room of roomTypes) {
    if (ratePlans.length > 0 && !ratePlans.some((p) => p.roomTypeId === room.id)) {
      reasons.push({ code: 'room_type_without_rate_plan', message: `Room type ${room.code} has no rate plan.`, room_type_id: room.id });
    }
  }
  for (const plan of ratePlans) {
    if (plan.policyId === null) {
      reasons.push({
        code: 'rate_plan_without_policy',
        message: `Rate plan ${plan.code} has no cancellation policy.`,
        rate_plan_id: plan.id,
        room_type_id: plan.roomTypeId,
      });
    }
  }
  return reasons;
}
