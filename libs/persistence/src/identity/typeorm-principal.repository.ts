import { Injectable } from '@nestjs/common';
import { NewPrincipal, Principal, PrincipalRepository } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';
import { PrincipalOrmEntity } from './principal.orm-entity';
import { toPrincipal } from './principal.mapper';

@Injectable()
export class TypeOrmPrincipalRepository extends PrincipalRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return (this.tx as Tx).tx.getRepository(PrincipalOrmEntity);
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
}
