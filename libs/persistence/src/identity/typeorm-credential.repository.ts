import { Injectable } from '@nestjs/common';
import { Credential, CredentialRepository, NewCredential, Principal } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';
import { CredentialOrmEntity } from './credential.orm-entity';
import { PrincipalOrmEntity } from './principal.orm-entity';
import { toCredential, toPrincipal } from './principal.mapper';

@Injectable()
export class TypeOrmCredentialRepository extends CredentialRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get manager() {
    return (this.tx as Tx).tx;
  }

  async create(input: NewCredential): Promise<Credential> {
    const repo = this.manager.getRepository(CredentialOrmEntity);
    const saved = await repo.save(repo.create({ ...input, revokedAt: null, lastUsedAt: null }));
    return toCredential(await repo.findOneByOrFail({ id: saved.id, tenantId: input.tenantId }));
  }

  async findLiveByHash(secretHash: string): Promise<{ credential: Credential; principal: Principal } | null> {
    const credential = await this.manager
      .getRepository(CredentialOrmEntity)
      .createQueryBuilder('c')
      .where('c.secret_hash = :secretHash AND c.revoked_at IS NULL', { secretHash })
      .getOne();
    if (!credential) return null;
    const principal = await this.manager
      .getRepository(PrincipalOrmEntity)
      .findOneBy({ id: credential.principalId, tenantId: credential.tenantId, status: 'active' });
    return principal ? { credential: toCredential(credential), principal: toPrincipal(principal) } : null;
  }
}
