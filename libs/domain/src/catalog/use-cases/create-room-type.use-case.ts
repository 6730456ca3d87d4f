import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { PropertyRepository, RoomTypeRepository } from '../ports/catalog.repository';
import { AdminRoomTypeView, adminRoomTypeView } from '../catalog-views';
import { fieldError, newRoomTypeFields, RoomTypeInput } from '../catalog-input';

@Injectable()
export class CreateRoomType {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
  ) {}

  @Transactional()
  async execute(tenantId: string, propertyId: string, input: RoomTypeInput): Promise<Outcome<AdminRoomTypeView>> {
    if (!(await this.properties.findById(tenantId, propertyId))) throw new DomainError('property_not_found');
    if (await this.roomTypes.findByCode(tenantId, propertyId, input.code)) throw fieldError('code', 'is already used by another room type of this property');
    const room = await this.roomTypes.create(tenantId, propertyId, newRoomTypeFields(input));
    return new Outcome(adminRoomTypeView(room), {
      status: 201,
      next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/room-types/${room.id}/inventory` }],
    });
  }
}
