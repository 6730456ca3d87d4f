import { Injectable } from '@nestjs/common';
import { Credential, CredentialMatch, CredentialRepository, NewCredential } from '@hcs/domain';
import { IsNull } from 'typeorm';
import { TransactionHost } from '../transaction-host';
import { CredentialOrmEntity } from './credential.orm-entity';
import { PrincipalOrmEntity } from './principal.orm-entity';
import { toCredential, toPrincipal } from './principal.mapper';

@Injectable()
export class TypeOrmCredentialRepository extends CredentialRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get manager() {
    return this.tx.tx;
  }

  private get repo() {
    return this.manager.getRepository(CredentialOrmEntity);
  }

  async create(input: NewCredential): Promise<Credential> {
    const saved = await this.repo.save(this.repo.create({ ...input, revokedAt: null, lastUsedAt: null }));
    return toCredential(await this.repo.findOneByOrFail({ id: saved.id, tenantId: input.tenantId }));
  }

  async findLiveByHash(secretHash: string): Promise<CredentialMatch | null> {
    return this.withPrincipal(await this.repo.findOneBy({ secretHash, revokedAt: IsNull() }));
  }

  async findLiveById(credentialId: string): Promise<CredentialMatch | null> {
    return this.withPrincipal(await this.repo.findOneBy({ id: credentialId, revokedAt: IsNull() }));
  }

  async listByPrincipal(tenantId: string, principalId: string): Promise<Credential[]> {
    const rows = await this.repo.find({ where: { tenantId, principalId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toCredential);
  }

  async findById(tenantId: string, principalId: string, credentialId: string): Promise<Credential | null> {
    const row = await this.repo.findOneBy({ id: credentialId, tenantId, principalId });
    return row ? toCredential(row) : null;
  }

  async revoke(tenantId: string, principalId: string, credentialId: string): Promise<Credential | null> {
    await this.repo.update({ id: credentialId, tenantId, principalId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return this.findById(tenantId, principalId, credentialId);
  }

  async touchLastUsed(tenantId: string, credentialId: string, at: Date): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: () => 'GREATEST(COALESCE(last_used_at, :at), :at)' })
      .where('id = :credentialId AND tenant_id = :tenantId', { credentialId, tenantId })
      .setParameter('at', at)
      .execute();
  }

  private async withPrincipal(row: CredentialOrmEntity | null): Promise<CredentialMatch | null> {
    if (!row) return null;
    const principal = await this.manager.getRepository(PrincipalOrmEntity).findOneBy({ id: row.principalId, tenantId: row.tenantId });
    return principal ? { credential: toCredential(row), secretHash: row.secretHash, principal: toPrincipal(principal) } : null;
  }
}
