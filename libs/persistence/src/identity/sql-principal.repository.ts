import { Injectable } from '@nestjs/common';
import { NewPrincipal, Principal, PrincipalKind, PrincipalPatch, PrincipalRepository } from '@hcs/domain';
import { updateRow } from '../sql/column-values';
import { SqlClient } from '../sql/sql-client';
import {
  insertPrincipal,
  PRINCIPAL_COLUMNS,
  principalById,
  principalByIdAndKind,
  principalColumnValues,
  PrincipalRow,
  principalsOfKind,
  toPrincipal,
} from './principal-row';

@Injectable()
export class SqlPrincipalRepository extends PrincipalRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(input: NewPrincipal): Promise<Principal> {
    const [row] = await this.sql.run(insertPrincipal, [
      input.tenantId,
      input.kind,
      input.name,
      input.scopes,
      input.bookingLimit?.amount ?? null,
      input.bookingLimit?.currency ?? null,
    ]);
    return toPrincipal(row);
  }

  async findById(tenantId: string, id: string): Promise<Principal | null> {
    const [row] = await this.sql.run(principalById, [tenantId, id]);
    return row ? toPrincipal(row) : null;
  }

  async findByIdAndKind(tenantId: string, id: string, kind: PrincipalKind): Promise<Principal | null> {
    const [row] = await this.sql.run(principalByIdAndKind, [tenantId, id, kind]);
    return row ? toPrincipal(row) : null;
  }

  async listByKind(tenantId: string, kind: PrincipalKind): Promise<Principal[]> {
    return (await this.sql.run(principalsOfKind, [tenantId, kind])).map(toPrincipal);
  }

  /** Every update stamps `updated_at`; null when no principal of that kind has the id. */
  async update(tenantId: string, id: string, kind: PrincipalKind, patch: PrincipalPatch): Promise<Principal | null> {
    const update = updateRow(
      'principals',
      principalColumnValues(patch),
      [
        ['tenant_id', tenantId],
        ['id', id],
        ['kind', kind],
      ],
      PRINCIPAL_COLUMNS,
      ['updated_at = now()'],
    );
    if (!update) return null;
    const [row] = await this.sql.rows<PrincipalRow>(update.text, update.values);
    return row ? toPrincipal(row) : null;
  }
}
