import { Injectable } from '@nestjs/common';
import { RoomType, RoomTypeFields, RoomTypeRepository } from '@hcs/domain';
import { insertRow, updateRow } from '../sql/column-values';
import { SqlClient } from '../sql/sql-client';
import { CatalogChangeFeed } from './catalog-change-feed';
import { ROOM_TYPE_COLUMNS, roomTypeByCode, roomTypeById, roomTypeColumnValues, RoomTypeRow, roomTypesOfProperties, toRoomType } from './room-type-row';

@Injectable()
export class SqlRoomTypeRepository extends RoomTypeRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  async create(tenantId: string, propertyId: string, fields: RoomTypeFields): Promise<RoomType> {
    const insert = insertRow('room_types', [['tenant_id', tenantId], ['property_id', propertyId], ...roomTypeColumnValues(fields)], ROOM_TYPE_COLUMNS);
    const [row] = await this.sql.rows<RoomTypeRow>(insert.text, insert.values);
    this.changes.changedHere(tenantId);
    return toRoomType(row);
  }

  async update(tenantId: string, id: string, patch: Partial<RoomTypeFields>): Promise<RoomType | null> {
    const update = updateRow(
      'room_types',
      roomTypeColumnValues(patch),
      [
        ['tenant_id', tenantId],
        ['id', id],
      ],
      ROOM_TYPE_COLUMNS,
    );
    if (!update) return this.findById(tenantId, id);
    const [row] = await this.sql.rows<RoomTypeRow>(update.text, update.values);
    this.changes.changedHere(tenantId);
    return row ? toRoomType(row) : null;
  }

  async findById(tenantId: string, id: string): Promise<RoomType | null> {
    const [row] = await this.sql.run(roomTypeById, [tenantId, id]);
    return row ? toRoomType(row) : null;
  }

  async findByCode(tenantId: string, propertyId: string, code: string): Promise<RoomType | null> {
    const [row] = await this.sql.run(roomTypeByCode, [tenantId, propertyId, code]);
    return row ? toRoomType(row) : null;
  }

  async listByProperties(tenantId: string, propertyIds: string[]): Promise<RoomType[]> {
    if (propertyIds.length === 0) return [];
    return (await this.sql.run(roomTypesOfProperties, [tenantId, propertyIds])).map(toRoomType);
  }
}
