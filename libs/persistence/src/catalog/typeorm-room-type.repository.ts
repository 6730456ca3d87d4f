import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { RoomType, RoomTypeFields, RoomTypeRepository } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { toRoomType } from './catalog.mapper';
import { RoomTypeOrmEntity } from './room-type.orm-entity';

@Injectable()
export class TypeOrmRoomTypeRepository extends RoomTypeRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(RoomTypeOrmEntity);
  }

  async create(tenantId: string, propertyId: string, fields: RoomTypeFields): Promise<RoomType> {
    const result = await this.repo.insert({ ...fields, tenantId, propertyId });
    const id = (result.identifiers[0] as { id: string }).id;
    return toRoomType(await this.repo.findOneByOrFail({ id, tenantId }));
  }

  async update(tenantId: string, id: string, patch: Partial<RoomTypeFields>): Promise<RoomType | null> {
    if (Object.keys(patch).length > 0) await this.repo.update({ id, tenantId }, patch);
    return this.findById(tenantId, id);
  }

  async findById(tenantId: string, id: string): Promise<RoomType | null> {
    const row = await this.repo.findOneBy({ id, tenantId });
    return row ? toRoomType(row) : null;
  }

  async findByCode(tenantId: string, propertyId: string, code: string): Promise<RoomType | null> {
    const row = await this.repo.findOneBy({ tenantId, propertyId, code });
    return row ? toRoomType(row) : null;
  }

  async listByProperties(tenantId: string, propertyIds: string[]): Promise<RoomType[]> {
    if (propertyIds.length === 0) return [];
    const rows = await this.repo.find({ where: { tenantId, propertyId: In(propertyIds) }, order: { createdAt: 'ASC', code: 'ASC' } });
    return rows.map(toRoomType);
  }
}
