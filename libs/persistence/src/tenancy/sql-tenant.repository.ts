import { Injectable } from '@nestjs/common';
import { Tenant, TenantRepository } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { insertTenant, tenantById, toTenant } from './tenant-row';

@Injectable()
export class SqlTenantRepository extends TenantRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(name: string): Promise<Tenant> {
    const [row] = await this.sql.run(insertTenant, [name]);
    return toTenant(row);
  }

  async findById(id: string): Promise<Tenant | null> {
    const [row] = await this.sql.run(tenantById, [id]);
    return row ? toTenant(row) : null;
  }
}
