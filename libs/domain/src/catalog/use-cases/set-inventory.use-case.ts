import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { AllotmentConflict, DateRange } from '../catalog';
import { InventoryRepository } from '../ports/inventory.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { assertDateRange } from '../rules/catalog-input';
import { OversellReconciler } from '../../oversell/services/oversell-reconciler';
import type { Caller } from '../../identity/principal';
import { InventoryCalendar, inventoryCalendar } from './get-inventory-calendar.use-case';

/** `validation_failed` naming the nights whose held + sold exceed the requested allotment. */
export function allotmentConflictError(path: string, conflicts: AllotmentConflict[]): DomainError {
  const sample = conflicts
    .slice(0, 5)
    .map((c) => `${c.night} has ${c.committed} held or sold`)
    .join(', ');
  return new DomainError('validation_failed', {
    message: 'The allotment would fall below rooms already held or sold.',
    detail: {
      field_errors: [
        { path, message: `is below the rooms already held or sold on ${conflicts.length} night(s): ${sample}${conflicts.length > 5 ? ', ...' : ''}` },
      ],
      conflicts,
    },
  });
}

/** A room type's allotment over a range of nights (`null`: back to the default inventory). */
export interface SetInventoryCommand {
  roomTypeId: string;
  range: DateRange;
  allotment: number | null;
}

/**
 * ARI availability: per-date allotment overrides of a room type (inclusive range). A lower
 * allotment is the hotel's fact and is accepted even below what is held or sold: in the same
 * transaction an oversell incident is opened for every night left oversold (`oversell.detected`),
 * and incidents of nights that fit again are resolved (docs/back-office.md).
 */
@Injectable()
export class SetInventory {
  constructor(
    private readonly roomTypes: RoomTypeRepository,
    private readonly inventory: InventoryRepository,
    private readonly oversell: OversellReconciler,
  ) {}

  @Transactional()
  async execute(command: SetInventoryCommand, actor: Caller): Promise<Outcome<InventoryCalendar>> {
    const { tenantId } = actor;
    const { roomTypeId, range, allotment } = command;
    assertDateRange(range);
    const room = await this.roomTypes.findById(tenantId, roomTypeId);
    if (!room) throw new DomainError('room_type_not_found');
    await this.inventory.setAllotment(tenantId, room, range, allotment);
    await this.oversell.reconcile(tenantId, room.id, 'inventory_change', range);
    return new Outcome(await inventoryCalendar(this.inventory, tenantId, room, range));
  }
}
