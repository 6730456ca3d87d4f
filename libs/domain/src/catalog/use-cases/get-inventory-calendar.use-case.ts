import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import type { DateRange, InventoryNight, RoomType } from '../catalog';
import { assertDateRange } from '../rules/catalog-input';
import { InventoryRepository } from '../ports/inventory.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';

export interface InventoryCalendar {
  room_type_id: string;
  default_inventory: number;
  nights: InventoryNight[];
}

export interface GetInventoryCalendarQuery {
  roomTypeId: string;
  /** Inclusive local dates. */
  range: DateRange;
}

/** The calendar of a room type as admins read it (and as `SetInventory` answers after a change). */
export async function inventoryCalendar(inventory: InventoryRepository, tenantId: string, room: RoomType, range: DateRange): Promise<InventoryCalendar> {
  return { room_type_id: room.id, default_inventory: room.defaultInventory, nights: await inventory.listNights(tenantId, room, range) };
}

/** `GET /v1/admin/room-types/{id}/inventory`: allotment, held, sold and available per night of a range. */
@Injectable()
export class GetInventoryCalendar {
  constructor(
    private readonly roomTypes: RoomTypeRepository,
    private readonly inventory: InventoryRepository,
  ) {}

  async execute(query: GetInventoryCalendarQuery, caller: Caller): Promise<Outcome<InventoryCalendar>> {
    assertDateRange(query.range);
    const room = await this.roomTypes.findById(caller.tenantId, query.roomTypeId);
    if (!room) throw new DomainError('room_type_not_found');
    return new Outcome(await inventoryCalendar(this.inventory, caller.tenantId, room, query.range));
  }
}
