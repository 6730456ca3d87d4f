import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { todayIn } from '../../stay/stay-rules';
import { InventoryRepository } from '../ports/inventory.repository';
import { PropertyRepository } from '../ports/property.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { AdminRoomTypeView, adminRoomTypeView } from '../catalog-views';
import { fieldError, roomTypePatch, RoomTypeInput } from '../rules/catalog-input';
import { allotmentConflictError } from './set-inventory.use-case';
import type { Caller } from '../../identity/principal';

/** Fields of a room type to change. */
export interface UpdateRoomTypeCommand {
  roomTypeId: string;
  patch: Partial<RoomTypeInput>;
}

/**
 * Changes a room type. A new `default_inventory` also moves every night that has no per-date
 * override, from today (property time zone) on; past nights keep their history. It is refused
 * when a night's held + sold would not fit.
 */
@Injectable()
export class UpdateRoomType {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
    private readonly inventory: InventoryRepository,
  ) {}

  @Transactional()
  async execute(command: UpdateRoomTypeCommand, actor: Caller): Promise<Outcome<AdminRoomTypeView>> {
    const { tenantId } = actor;
    const { roomTypeId: id, patch: input } = command;
    const current = await this.roomTypes.findById(tenantId, id);
    if (!current) throw new DomainError('room_type_not_found');
    if (input.code !== undefined && input.code !== current.code && (await this.roomTypes.findByCode(tenantId, current.propertyId, input.code))) {
      throw fieldError('code', 'is already used by another room type of this property');
    }
    if (input.default_inventory !== undefined && input.default_inventory !== current.defaultInventory) {
      const property = await this.properties.findById(tenantId, current.propertyId);
      const conflicts = await this.inventory.applyDefaultInventory(tenantId, id, input.default_inventory, todayIn(property?.timezone ?? 'UTC'));
      if (conflicts.length > 0) throw allotmentConflictError('default_inventory', conflicts);
    }
    const updated = await this.roomTypes.update(tenantId, id, roomTypePatch(input));
    if (!updated) throw new DomainError('room_type_not_found');
    return new Outcome(adminRoomTypeView(updated), { next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/room-types/${id}/inventory` }] });
  }
}
