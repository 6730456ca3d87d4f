import { Injectable } from '@nestjs/common';
import { Tenant, TenantRepository } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { TenantOrmEntity } from './tenant.orm-entity';

@Injectable()
export class TypeOrmTenantRepository extends TenantRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(TenantOrmEntity);
  }

  async create(name: string): Promise<Tenant> {
    const [row] = (await this.repo.query('INSERT INTO tenants (name) VALUES ($1) RETURNING id, name, created_at', [name])) as Array<{
      id: string;
      name: string;
      created_at: Date;
    }>;
    return { id: row.id, name: row.name, createdAt: row.created_at };
  }

  async findById(id: string): Promise<Tenant | null> {
    const row = await this.repo.findOneBy({ id });
    return row ? { id: row.id, name: row.name, createdAt: row.createdAt } : null;
  }
}
