import { Injectable } from '@nestjs/common';
import { DatabaseError } from 'pg';
import { AllotmentConflict, DateRange, DomainError, InventoryNight, InventoryRepository, RoomType } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { applyDefaultAllotment, lockDefaultNights, lockNightsInRange, nightsInRange, upsertAllotment } from './inventory-night-row';

/** Postgres CHECK violation (the driver's own error): a concurrent hold landed between our lock and our write. */
const isCheckViolation = (error: unknown): boolean => error instanceof DatabaseError && error.code === '23514';

const concurrentChange = () =>
  new DomainError('validation_failed', {
    message: 'Inventory changed while the allotment was being written.',
    detail: { field_errors: [{ path: 'allotment', message: 'rooms were held concurrently; read the inventory again and retry' }] },
  });

/**
 * Admin writes of inventory. Existing nights of the range are locked in date order (the order
 * the booking chain uses, so the two never deadlock) before the new allotment is checked against
 * held + sold; the CHECK constraint stays the last line of defence.
 */
@Injectable()
export class SqlInventoryRepository extends InventoryRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async setAllotment(tenantId: string, roomType: RoomType, range: DateRange, allotment: number | null): Promise<void> {
    await this.sql.run(lockNightsInRange, [tenantId, roomType.id, range.from, range.to]);
    await this.sql.run(upsertAllotment, [tenantId, roomType.id, range.from, range.to, allotment ?? roomType.defaultInventory, allotment !== null]);
  }

  async applyDefaultInventory(tenantId: string, roomTypeId: string, defaultInventory: number, fromNight: string): Promise<AllotmentConflict[]> {
    const locked = await this.sql.run(lockDefaultNights, [tenantId, roomTypeId, fromNight]);
    const conflicts = locked
      .filter((n) => n.committed > defaultInventory)
      .map((n) => ({ night: n.night, allotment: defaultInventory, committed: n.committed }));
    if (conflicts.length > 0) return conflicts;
    try {
      await this.sql.run(applyDefaultAllotment, [tenantId, roomTypeId, fromNight, defaultInventory]);
    } catch (error) {
      if (isCheckViolation(error)) throw concurrentChange();
      throw error;
    }
    return [];
  }

  async listNights(tenantId: string, roomType: RoomType, range: DateRange): Promise<InventoryNight[]> {
    const rows = await this.sql.run(nightsInRange, [tenantId, roomType.id, range.from, range.to, roomType.defaultInventory]);
    return rows.map((r) => ({ ...r, available: Math.max(0, r.allotment - r.held - r.sold) }));
  }
}
