import type { Tenant } from '@hcs/domain';
import { statement } from '../sql/statement';

/** The columns, row type, statements and mapper of `tenants`. */
export interface TenantRow {
  id: string;
  name: string;
  created_at: Date;
}

export const insertTenant = statement<[name: string], TenantRow>(`INSERT INTO tenants (name) VALUES ($1) RETURNING id, name, created_at`);

export const tenantById = statement<[id: string], TenantRow>(`SELECT id, name, created_at FROM tenants WHERE id = $1`);

/** The first-created tenant with a name (the seed finds its own by name). */
export const tenantByName = statement<[name: string], TenantRow>(`SELECT id, name, created_at FROM tenants WHERE name = $1 ORDER BY created_at, id LIMIT 1`);

export const toTenant = (row: TenantRow): Tenant => ({ id: row.id, name: row.name, createdAt: row.created_at });
