import { Injectable } from '@nestjs/common';
import { DelegationIssuer, DelegationIssuerRepository, IssuerStatus, NewDelegationIssuer } from '@hcs/domain';
import { IsNull, QueryFailedError } from 'typeorm';
import { TransactionHost } from '../transaction-host';
import { DelegationIssuerOrmEntity } from './delegation-issuer.orm-entity';

const toIssuer = (row: DelegationIssuerOrmEntity): DelegationIssuer => ({
  id: row.id,
  tenantId: row.tenantId,
  iss: row.iss,
  name: row.name,
  status: row.status,
  jwksUrl: row.jwksUrl,
  jwks: row.jwks,
  allowedAudiences: row.allowedAudiences,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const isUniqueViolation = (error: unknown) => error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';

@Injectable()
export class TypeOrmDelegationIssuerRepository extends DelegationIssuerRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(DelegationIssuerOrmEntity);
  }

  async create(input: NewDelegationIssuer): Promise<DelegationIssuer | null> {
    try {
      const saved = await this.repo.save(this.repo.create({ ...input, status: 'active' }));
      return toIssuer(await this.repo.findOneByOrFail({ id: saved.id, tenantId: saved.tenantId ?? IsNull() }));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async findForTenant(tenantId: string, id: string): Promise<DelegationIssuer | null> {
    const row = await this.repo.findOneBy({ id, tenantId });
    return row ? toIssuer(row) : null;
  }

  async listForTenant(tenantId: string): Promise<DelegationIssuer[]> {
    return (await this.repo.find({ where: { tenantId }, order: { createdAt: 'ASC', id: 'ASC' } })).map(toIssuer);
  }

  async updateStatus(tenantId: string, id: string, status: IssuerStatus): Promise<DelegationIssuer | null> {
    const result = await this.repo.update({ id, tenantId }, { status, updatedAt: () => 'now()' });
    return result.affected ? this.findForTenant(tenantId, id) : null;
  }

  async listPlatform(): Promise<DelegationIssuer[]> {
    return (await this.repo.find({ where: { tenantId: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } })).map(toIssuer);
  }

  async findPlatformByIss(iss: string): Promise<DelegationIssuer | null> {
    const row = await this.repo.findOneBy({ iss, tenantId: IsNull() });
    return row ? toIssuer(row) : null;
  }

  async updatePlatformStatus(iss: string, status: IssuerStatus): Promise<DelegationIssuer | null> {
    const result = await this.repo.update({ iss, tenantId: IsNull() }, { status, updatedAt: () => 'now()' });
    return result.affected ? this.findPlatformByIss(iss) : null;
  }

  async upsertPlatform(input: Omit<NewDelegationIssuer, 'tenantId'>): Promise<DelegationIssuer> {
    await this.repo.query(
      `INSERT INTO delegation_issuers (tenant_id, iss, name, jwks_url, jwks, allowed_audiences) VALUES (NULL, $1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id, iss) WHERE tenant_id IS NULL
       DO UPDATE SET name = EXCLUDED.name, jwks_url = EXCLUDED.jwks_url, jwks = EXCLUDED.jwks,
                     allowed_audiences = EXCLUDED.allowed_audiences, updated_at = now()
       WHERE (delegation_issuers.name, delegation_issuers.jwks_url, delegation_issuers.jwks, delegation_issuers.allowed_audiences)
             IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.jwks_url, EXCLUDED.jwks, EXCLUDED.allowed_audiences)`,
      [input.iss, input.name, input.jwksUrl, input.jwks === null ? null : JSON.stringify(input.jwks), input.allowedAudiences],
    );
    return (await this.findPlatformByIss(input.iss)) as DelegationIssuer;
  }

  async findTrusted(tenantId: string, iss: string): Promise<DelegationIssuer | null> {
    const row = await this.repo
      .createQueryBuilder('i')
      .where('i.iss = :iss AND (i.tenant_id = :tenantId OR i.tenant_id IS NULL)', { iss, tenantId })
      .orderBy('i.tenant_id', 'ASC', 'NULLS FIRST')
      .limit(1)
      .getOne();
    return row ? toIssuer(row) : null;
  }
}
