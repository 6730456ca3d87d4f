import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { PropertyRepository } from '../ports/property.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { AdminRoomTypeView, adminRoomTypeView } from '../catalog-views';
import { fieldError, newRoomTypeFields, RoomTypeInput } from '../rules/catalog-input';
import type { Caller } from '../../identity/principal';

/** A new room type of a property. */
export interface CreateRoomTypeCommand {
  propertyId: string;
  roomType: RoomTypeInput;
}

@Injectable()
export class CreateRoomType {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
  ) {}

  @Transactional()
  async execute(command: CreateRoomTypeCommand, actor: Caller): Promise<Outcome<AdminRoomTypeView>> {
    const { tenantId } = actor;
    const { propertyId, roomType: input } = command;
    if (!(await this.properties.findById(tenantId, propertyId))) throw new DomainError('property_not_found');
    if (await this.roomTypes.findByCode(tenantId, propertyId, input.code)) throw fieldError('code', 'is already used by another room type of this property');
    const room = await this.roomTypes.create(tenantId, propertyId, newRoomTypeFields(input));
    return new Outcome(adminRoomTypeView(room), {
      status: 201,
      next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/room-types/${room.id}/inventory` }],
    });
  }
}
