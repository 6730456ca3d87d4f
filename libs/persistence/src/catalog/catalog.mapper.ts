import type { Policy, Property, PropertyFields, RatePlan, RoomType } from '@hcs/domain';
import type { PolicyOrmEntity } from './policy.orm-entity';
import type { PropertyOrmEntity } from './property.orm-entity';
import type { RatePlanOrmEntity } from './rate-plan.orm-entity';
import type { RoomTypeOrmEntity } from './room-type.orm-entity';

export function toProperty(row: PropertyOrmEntity): Property {
  return {
    id: row.id,
    tenantId: row.tenantId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    starRating: row.starRating,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      region: row.region,
      country: row.country,
      postalCode: row.postalCode,
    },
    geo: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    timezone: row.timezone,
    defaultCurrency: row.defaultCurrency,
    amenities: row.amenities,
    images: row.images,
    phone: row.phone,
    email: row.email,
    petsAllowed: row.petsAllowed,
    numberOfRooms: row.numberOfRooms,
    checkinTime: row.checkinTime,
    checkoutTime: row.checkoutTime,
    taxes: row.taxes,
    fees: row.fees,
    promotedAt: row.promotedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Property fields as column values; only the keys present in `fields` are set. */
export function propertyColumns(fields: Partial<PropertyFields>): Partial<PropertyOrmEntity> {
  const out: Partial<PropertyOrmEntity> = {};
  const set = <K extends keyof PropertyOrmEntity>(key: K, value: PropertyOrmEntity[K]) => {
    out[key] = value;
  };
  if (fields.slug !== undefined) set('slug', fields.slug);
  if (fields.name !== undefined) set('name', fields.name);
  if (fields.description !== undefined) set('description', fields.description);
  if (fields.starRating !== undefined) set('starRating', fields.starRating);
  if (fields.address !== undefined) {
    set('addressLine1', fields.address.line1);
    set('addressLine2', fields.address.line2);
    set('city', fields.address.city);
    set('region', fields.address.region);
    set('country', fields.address.country);
    set('postalCode', fields.address.postalCode);
  }
  if (fields.geo !== undefined) {
    set('lat', fields.geo?.lat ?? null);
    set('lng', fields.geo?.lng ?? null);
  }
  if (fields.timezone !== undefined) set('timezone', fields.timezone);
  if (fields.defaultCurrency !== undefined) set('defaultCurrency', fields.defaultCurrency);
  if (fields.amenities !== undefined) set('amenities', fields.amenities);
  if (fields.images !== undefined) set('images', fields.images);
  if (fields.phone !== undefined) set('phone', fields.phone);
  if (fields.email !== undefined) set('email', fields.email);
  if (fields.petsAllowed !== undefined) set('petsAllowed', fields.petsAllowed);
  if (fields.numberOfRooms !== undefined) set('numberOfRooms', fields.numberOfRooms);
  if (fields.checkinTime !== undefined) set('checkinTime', fields.checkinTime);
  if (fields.checkoutTime !== undefined) set('checkoutTime', fields.checkoutTime);
  if (fields.taxes !== undefined) set('taxes', fields.taxes);
  if (fields.fees !== undefined) set('fees', fields.fees);
  return out;
}

export function toRoomType(row: RoomTypeOrmEntity): RoomType {
  return {
    id: row.id,
    tenantId: row.tenantId,
    propertyId: row.propertyId,
    code: row.code,
    name: row.name,
    description: row.description,
    maxOccupancy: row.maxOccupancy,
    bedType: row.bedType,
    floorSizeSqm: row.floorSizeSqm,
    amenities: row.amenities,
    images: row.images,
    smokingAllowed: row.smokingAllowed,
    defaultInventory: row.defaultInventory,
    createdAt: row.createdAt,
  };
}

export function toRatePlan(row: RatePlanOrmEntity): RatePlan {
  return {
    id: row.id,
    tenantId: row.tenantId,
    propertyId: row.propertyId,
    roomTypeId: row.roomTypeId,
    code: row.code,
    name: row.name,
    baseRate: { amount: row.baseRateAmount, currency: row.currency },
    mealPlan: row.mealPlan,
    policyId: row.policyId,
    createdAt: row.createdAt,
  };
}

export function toPolicy(row: PolicyOrmEntity): Policy {
  return {
    id: row.id,
    tenantId: row.tenantId,
    propertyId: row.propertyId,
    code: row.code,
    version: row.version,
    cancellationKind: row.cancellationKind,
    freeCancellationHoursBeforeCheckin: row.freeCancellationHoursBeforeCheckin,
    cancellationFeePctAfterCutoff: row.cancellationFeePctAfterCutoff,
    childPolicyText: row.childPolicyText,
    createdAt: row.createdAt,
  };
}
