import { statement } from '../sql/statement';

/**
 * The admin statements of `inventory_nights` (per-night counters of a room type; `held + sold <=
 * allotment` is a CHECK, and the booking chain changes held and sold with single conditional
 * UPDATEs only). Nights are locked in date order, the chain's order, so the two never deadlock.
 */
type Range = [tenantId: string, roomTypeId: string, from: string, to: string];

export const lockNightsInRange = statement<Range, { night: string }>(
  `SELECT night::text AS night FROM inventory_nights
    WHERE tenant_id = $1 AND room_type_id = $2 AND night BETWEEN $3::date AND $4::date
    ORDER BY night
      FOR UPDATE`,
);

/** Lowering below held + sold is allowed (an oversell); the trigger only refuses increases of held + sold. */
export const upsertAllotment = statement<[...Range, allotment: number, overridden: boolean], { night: string }>(
  `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, allotment_overridden)
   SELECT $1, $2, d::date, $5, $6 FROM generate_series($3::date, $4::date, interval '1 day') AS d
   ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET allotment = EXCLUDED.allotment, allotment_overridden = EXCLUDED.allotment_overridden
   RETURNING night::text AS night`,
);

export interface LockedNightRow {
  night: string;
  allotment: number;
  committed: number;
}

/** The nights from `fromNight` on that follow the default inventory, locked, with their held + sold. */
export const lockDefaultNights = statement<[tenantId: string, roomTypeId: string, fromNight: string], LockedNightRow>(
  `SELECT to_char(night, 'YYYY-MM-DD') AS night, allotment, held + sold AS committed
     FROM inventory_nights
    WHERE tenant_id = $1 AND room_type_id = $2 AND NOT allotment_overridden AND night >= $3::date
    ORDER BY night
      FOR UPDATE`,
);

export const applyDefaultAllotment = statement<[tenantId: string, roomTypeId: string, fromNight: string, allotment: number], { night: string }>(
  `UPDATE inventory_nights SET allotment = $4
    WHERE tenant_id = $1 AND room_type_id = $2 AND NOT allotment_overridden AND night >= $3::date
   RETURNING night::text AS night`,
);

export interface InventoryNightRow {
  night: string;
  allotment: number;
  overridden: boolean;
  held: number;
  sold: number;
}

/** Every night of the range; one without a row has the default inventory and nothing held or sold. */
export const nightsInRange = statement<[...Range, defaultInventory: number], InventoryNightRow>(
  `SELECT to_char(d, 'YYYY-MM-DD') AS night,
          COALESCE(i.allotment, $5) AS allotment,
          COALESCE(i.allotment_overridden, false) AS overridden,
          COALESCE(i.held, 0) AS held,
          COALESCE(i.sold, 0) AS sold
     FROM generate_series($3::date, $4::date, interval '1 day') AS d
     LEFT JOIN inventory_nights i ON i.tenant_id = $1 AND i.room_type_id = $2 AND i.night = d::date
    ORDER BY d`,
);
