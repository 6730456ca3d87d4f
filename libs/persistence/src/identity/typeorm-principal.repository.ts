import { Injectable } from '@nestjs/common';
import { NewPrincipal, Principal, PrincipalKind, PrincipalPatch, PrincipalRepository } from '@hcs/domain';
import type { QueryDeepPartialEntity } from 'typeorm';
import { TransactionHost } from '../transaction-host';
import { PrincipalOrmEntity } from './principal.orm-entity';
import { toPrincipal } from './principal.mapper';

@Injectable()
export class TypeOrmPrincipalRepository extends PrincipalRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(PrincipalOrmEntity);
  }

  async create(input: NewPrincipal): Promise<Principal> {
    const saved = await this.repo.save(
      this.repo.create({
        tenantId: input.tenantId,
        kind: input.kind,
        name: input.name,
        scopes: input.scopes,
        bookingLimitAmount: input.bookingLimit?.amount ?? null,
        bookingLimitCurrency: input.bookingLimit?.currency ?? null,
      }),
    );
    const row = await this.repo.findOneByOrFail({ id: saved.id, tenantId: input.tenantId });
    return toPrincipal(row);
  }

  async findById(tenantId: string, id: string): Promise<Principal | null> {
    const row = await this.repo.findOneBy({ id, tenantId });
    return row ? toPrincipal(row) : null;
  }

  async findByIdAndKind(tenantId: string, id: string, kind: PrincipalKind): Promise<Principal | null> {
    const row = await this.repo.findOneBy({ id, tenantId, kind });
    return row ? toPrincipal(row) : null;
  }

  async listByKind(tenantId: string, kind: PrincipalKind): Promise<Principal[]> {
    const rows = await this.repo.find({ where: { tenantId, kind }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toPrincipal);
  }

  async update(tenantId: string, id: string, kind: PrincipalKind, patch: PrincipalPatch): Promise<Principal | null> {
    const set: QueryDeepPartialEntity<PrincipalOrmEntity> = { updatedAt: () => 'now()' };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.status !== undefined) set.status = patch.status;
    if (patch.scopes !== undefined) set.scopes = patch.scopes;
    if (patch.bookingLimit !== undefined) {
      set.bookingLimitAmount = patch.bookingLimit?.amount ?? null;
      set.bookingLimitCurrency = patch.bookingLimit?.currency ?? null;
    }
    const result = await this.repo.update({ id, tenantId, kind }, set);
    if (!result.affected) return null;
    return this.findByIdAndKind(tenantId, id, kind);
  }
}
