import { Injectable } from '@nestjs/common';
import { AllotmentConflict, DateRange, DomainError, InventoryNight, InventoryRepository, RoomType } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

interface LockedNight {
  night: string;
  allotment: number;
  committed: number;
}

/** Postgres CHECK violation: a concurrent hold landed between our lock and our write. */
function isCheckViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23514';
}

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
export class TypeOrmInventoryRepository extends InventoryRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get db() {
    return this.tx.tx;
  }

  async setAllotment(tenantId: string, roomType: RoomType, range: DateRange, allotment: number | null): Promise<void> {
    // Lock the range's existing nights in date order (the chain's order, so the two never deadlock).
    await this.db.query(
      `SELECT night FROM inventory_nights
        WHERE tenant_id = $1 AND room_type_id = $2 AND night BETWEEN $3::date AND $4::date
        ORDER BY night
          FOR UPDATE`,
      [tenantId, roomType.id, range.from, range.to],
    );
    // Lowering below held + sold is allowed (an oversell); the trigger only refuses increases of held + sold.
    await this.db.query(
      `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, allotment_overridden)
       SELECT $1, $2, d::date, $5, $6 FROM generate_series($3::date, $4::date, interval '1 day') AS d
       ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET allotment = EXCLUDED.allotment, allotment_overridden = EXCLUDED.allotment_overridden`,
      [tenantId, roomType.id, range.from, range.to, allotment ?? roomType.defaultInventory, allotment !== null],
    );
  }

  async applyDefaultInventory(tenantId: string, roomTypeId: string, defaultInventory: number, fromNight: string): Promise<AllotmentConflict[]> {
    const locked: LockedNight[] = await this.db.query(
      `SELECT to_char(night, 'YYYY-MM-DD') AS night, allotment, held + sold AS committed
         FROM inventory_nights
        WHERE tenant_id = $1 AND room_type_id = $2 AND NOT allotment_overridden AND night >= $3::date
        ORDER BY night
          FOR UPDATE`,
      [tenantId, roomTypeId, fromNight],
    );
    const conflicts = locked
      .filter((n) => n.committed > defaultInventory)
      .map((n) => ({ night: n.night, allotment: defaultInventory, committed: n.committed }));
    if (conflicts.length > 0) return conflicts;
    try {
      await this.db.query(
        `UPDATE inventory_nights SET allotment = $4
          WHERE tenant_id = $1 AND room_type_id = $2 AND NOT allotment_overridden AND night >= $3::date`,
        [tenantId, roomTypeId, fromNight, defaultInventory],
      );
    } catch (error) {
      if (isCheckViolation(error)) throw concurrentChange();
      throw error;
    }
    return [];
  }

  async listNights(tenantId: string, roomType: RoomType, range: DateRange): Promise<InventoryNight[]> {
    const rows: Array<{ night: string; allotment: number; overridden: boolean; held: number; sold: number }> = await this.db.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS night,
              COALESCE(i.allotment, $5) AS allotment,
              COALESCE(i.allotment_overridden, false) AS overridden,
              COALESCE(i.held, 0) AS held,
              COALESCE(i.sold, 0) AS sold
         FROM generate_series($3::date, $4::date, interval '1 day') AS d
         LEFT JOIN inventory_nights i ON i.tenant_id = $1 AND i.room_type_id = $2 AND i.night = d::date
        ORDER BY d`,
      [tenantId, roomType.id, range.from, range.to, roomType.defaultInventory],
    );
    return rows.map((r) => ({ ...r, available: Math.max(0, r.allotment - r.held - r.sold) }));
  }
}
