import type { RoomType, RoomTypeFields } from '../catalog';

/** Port: room types. */
export abstract class RoomTypeRepository {
  abstract create(tenantId: string, propertyId: string, fields: RoomTypeFields): Promise<RoomType>;
  abstract update(tenantId: string, id: string, patch: Partial<RoomTypeFields>): Promise<RoomType | null>;
  abstract findById(tenantId: string, id: string): Promise<RoomType | null>;
  abstract findByCode(tenantId: string, propertyId: string, code: string): Promise<RoomType | null>;
  abstract listByProperties(tenantId: string, propertyIds: string[]): Promise<RoomType[]>;
}
