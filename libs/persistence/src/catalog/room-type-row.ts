import type { RoomType, RoomTypeFields } from '@hcs/domain';
import type { ColumnValue } from '../sql/column-values';
import { jsonDate, type JsonRow } from '../sql/json-row';
import { statement } from '../sql/statement';

/**
 * The columns, row type, statements and mappers of `room_types`. `floor_size_sqm` (numeric) is
 * read as float8 so the plain row and the jsonb row both carry a number.
 */
export const ROOM_TYPE_COLUMNS = `id, tenant_id, property_id, code, name, description, max_occupancy, bed_type, floor_size_sqm::float8 AS floor_size_sqm,
  amenities, images, smoking_allowed, default_inventory, created_at`;

export interface RoomTypeRow {
  id: string;
  tenant_id: string;
  property_id: string;
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
  created_at: Date;
}

export const roomTypeById = statement<[tenantId: string, id: string], RoomTypeRow>(
  `SELECT ${ROOM_TYPE_COLUMNS} FROM room_types WHERE tenant_id = $1 AND id = $2`,
);

export const roomTypeByCode = statement<[tenantId: string, propertyId: string, code: string], RoomTypeRow>(
  `SELECT ${ROOM_TYPE_COLUMNS} FROM room_types WHERE tenant_id = $1 AND property_id = $2 AND code = $3`,
);

export const roomTypesOfProperties = statement<[tenantId: string, propertyIds: string[]], RoomTypeRow>(
  `SELECT ${ROOM_TYPE_COLUMNS} FROM room_types WHERE tenant_id = $1 AND property_id = ANY($2::uuid[]) ORDER BY created_at, code`,
);

/** Room type fields as column values; only the keys present in `fields` are set. */
export function roomTypeColumnValues(fields: Partial<RoomTypeFields>): ColumnValue[] {
  const out: ColumnValue[] = [];
  const set = (column: string, value: unknown, cast?: string) => out.push([column, value, cast]);
  if (fields.code !== undefined) set('code', fields.code);
  if (fields.name !== undefined) set('name', fields.name);
  if (fields.description !== undefined) set('description', fields.description);
  if (fields.maxOccupancy !== undefined) set('max_occupancy', fields.maxOccupancy);
  if (fields.bedType !== undefined) set('bed_type', fields.bedType);
  if (fields.floorSizeSqm !== undefined) set('floor_size_sqm', fields.floorSizeSqm);
  if (fields.amenities !== undefined) set('amenities', fields.amenities, 'text[]');
  if (fields.images !== undefined) set('images', fields.images, 'text[]');
  if (fields.smokingAllowed !== undefined) set('smoking_allowed', fields.smokingAllowed);
  if (fields.defaultInventory !== undefined) set('default_inventory', fields.defaultInventory);
  return out;
}

export function toRoomType(row: RoomTypeRow): RoomType {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    propertyId: row.property_id,
    code: row.code,
    name: row.name,
    description: row.description,
    maxOccupancy: row.max_occupancy,
    bedType: row.bed_type,
    floorSizeSqm: row.floor_size_sqm,
    amenities: row.amenities,
    images: row.images,
    smokingAllowed: row.smoking_allowed,
    defaultInventory: row.default_inventory,
    createdAt: row.created_at,
  };
}

/** A room type read as jsonb (`to_jsonb(rt)`). */
export const roomTypeFromJson = (r: JsonRow<RoomTypeRow>): RoomType => toRoomType({ ...r, created_at: jsonDate(r.created_at) });
