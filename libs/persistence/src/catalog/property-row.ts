import type { Fee, Property, PropertyFields, Tax } from '@hcs/domain';
import type { ColumnValue } from '../sql/column-values';
import { jsonDate, jsonDateOrNull, type JsonRow } from '../sql/json-row';
import { statement } from '../sql/statement';

/**
 * The columns, row type, statements and mappers of `properties`. `star_rating` (numeric) is read
 * as float8 so the plain row and the jsonb row (`to_jsonb(p)`) both carry a number.
 */
export const PROPERTY_COLUMNS = `id, tenant_id, slug, name, description, star_rating::float8 AS star_rating, address_line1, address_line2, city, region, country,
  postal_code, lat, lng, timezone, default_currency, amenities, images, phone, email, pets_allowed, number_of_rooms, checkin_time, checkout_time,
  taxes, fees, promoted_at, created_at, updated_at`;

export interface PropertyRow {
  id: string;
  tenant_id: string;
  slug: string;
  name: string;
  description: string | null;
  star_rating: number | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  postal_code: string | null;
  lat: number | null;
  lng: number | null;
  timezone: string;
  default_currency: string;
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
  promoted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const propertyById = statement<[tenantId: string, id: string], PropertyRow>(
  `SELECT ${PROPERTY_COLUMNS} FROM properties WHERE tenant_id = $1 AND id = $2`,
);

export const propertyBySlug = statement<[tenantId: string, slug: string], PropertyRow>(
  `SELECT ${PROPERTY_COLUMNS} FROM properties WHERE tenant_id = $1 AND slug = $2`,
);

/** A page of the tenant's properties in slug order, after a slug (keyset), optionally only promoted ones. */
export const propertyPage = statement<[tenantId: string, promotedOnly: boolean, afterSlug: string | null, limit: number], PropertyRow>(
  `SELECT ${PROPERTY_COLUMNS} FROM properties
    WHERE tenant_id = $1 AND (NOT $2::boolean OR promoted_at IS NOT NULL) AND ($3::text IS NULL OR slug > $3)
    ORDER BY slug LIMIT $4`,
);

/** Promotion happens once: a promoted property keeps its first `promoted_at`. */
export const markPropertyPromoted = statement<[tenantId: string, id: string, at: Date], { id: string }>(
  `UPDATE properties SET promoted_at = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND promoted_at IS NULL RETURNING id`,
);

/** Property fields as column values; only the keys present in `fields` are set. */
export function propertyColumnValues(fields: Partial<PropertyFields>): ColumnValue[] {
  const out: ColumnValue[] = [];
  const set = (column: string, value: unknown, cast?: string) => out.push([column, value, cast]);
  if (fields.slug !== undefined) set('slug', fields.slug);
  if (fields.name !== undefined) set('name', fields.name);
  if (fields.description !== undefined) set('description', fields.description);
  if (fields.starRating !== undefined) set('star_rating', fields.starRating);
  if (fields.address !== undefined) {
    set('address_line1', fields.address.line1);
    set('address_line2', fields.address.line2);
    set('city', fields.address.city);
    set('region', fields.address.region);
    set('country', fields.address.country);
    set('postal_code', fields.address.postalCode);
  }
  if (fields.geo !== undefined) {
    set('lat', fields.geo?.lat ?? null);
    set('lng', fields.geo?.lng ?? null);
  }
  if (fields.timezone !== undefined) set('timezone', fields.timezone);
  if (fields.defaultCurrency !== undefined) set('default_currency', fields.defaultCurrency);
  if (fields.amenities !== undefined) set('amenities', fields.amenities, 'text[]');
  if (fields.images !== undefined) set('images', fields.images, 'text[]');
  if (fields.phone !== undefined) set('phone', fields.phone);
  if (fields.email !== undefined) set('email', fields.email);
  if (fields.petsAllowed !== undefined) set('pets_allowed', fields.petsAllowed);
  if (fields.numberOfRooms !== undefined) set('number_of_rooms', fields.numberOfRooms);
  if (fields.checkinTime !== undefined) set('checkin_time', fields.checkinTime);
  if (fields.checkoutTime !== undefined) set('checkout_time', fields.checkoutTime);
  if (fields.taxes !== undefined) set('taxes', JSON.stringify(fields.taxes), 'jsonb');
  if (fields.fees !== undefined) set('fees', JSON.stringify(fields.fees), 'jsonb');
  return out;
}

export function toProperty(row: PropertyRow): Property {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    starRating: row.star_rating,
    address: {
      line1: row.address_line1,
      line2: row.address_line2,
      city: row.city,
      region: row.region,
      country: row.country,
      postalCode: row.postal_code,
    },
    geo: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    timezone: row.timezone,
    defaultCurrency: row.default_currency,
    amenities: row.amenities,
    images: row.images,
    phone: row.phone,
    email: row.email,
    petsAllowed: row.pets_allowed,
    numberOfRooms: row.number_of_rooms,
    checkinTime: row.checkin_time,
    checkoutTime: row.checkout_time,
    taxes: row.taxes,
    fees: row.fees,
    promotedAt: row.promoted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A property read as jsonb (`to_jsonb(p)`). */
export const propertyFromJson = (r: JsonRow<PropertyRow>): Property =>
  toProperty({ ...r, promoted_at: jsonDateOrNull(r.promoted_at), created_at: jsonDate(r.created_at), updated_at: jsonDate(r.updated_at) });
