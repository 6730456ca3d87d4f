import { Injectable } from '@nestjs/common';
import { DelegationIssuer, DelegationIssuerRepository, IssuerStatus, NewDelegationIssuer } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { json } from '../sql/sql-values';
import {
  insertIssuer,
  platformIssuerByIss,
  platformIssuers,
  tenantIssuerById,
  tenantIssuers,
  toDelegationIssuer,
  trustedIssuer,
  updatePlatformIssuerStatus,
  updateTenantIssuerStatus,
  upsertPlatformIssuer,
} from './delegation-issuer-row';

const jwksParam = (jwks: NewDelegationIssuer['jwks']): string | null => (jwks === null ? null : json(jwks));

/** Delegation issuers, tenant and platform (docs/identity.md); statements in `delegation-issuer-row.ts`. */
@Injectable()
export class SqlDelegationIssuerRepository extends DelegationIssuerRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(input: NewDelegationIssuer): Promise<DelegationIssuer | null> {
    const [row] = await this.sql.run(insertIssuer, [input.tenantId, input.iss, input.name, input.jwksUrl, jwksParam(input.jwks), input.allowedAudiences]);
    return row ? toDelegationIssuer(row) : null;
  }

  async findForTenant(tenantId: string, id: string): Promise<DelegationIssuer | null> {
    const [row] = await this.sql.run(tenantIssuerById, [tenantId, id]);
    return row ? toDelegationIssuer(row) : null;
  }

  async listForTenant(tenantId: string): Promise<DelegationIssuer[]> {
    return (await this.sql.run(tenantIssuers, [tenantId])).map(toDelegationIssuer);
  }

  async updateStatus(tenantId: string, id: string, status: IssuerStatus): Promise<DelegationIssuer | null> {
    const [row] = await this.sql.run(updateTenantIssuerStatus, [tenantId, id, status]);
    return row ? toDelegationIssuer(row) : null;
  }

  async listPlatform(): Promise<DelegationIssuer[]> {
    return (await this.sql.run(platformIssuers, [])).map(toDelegationIssuer);
  }

  async findPlatformByIss(iss: string): Promise<DelegationIssuer | null> {
    const [row] = await this.sql.run(platformIssuerByIss, [iss]);
    return row ? toDelegationIssuer(row) : null;
  }

  async updatePlatformStatus(iss: string, status: IssuerStatus): Promise<DelegationIssuer | null> {
    const [row] = await this.sql.run(updatePlatformIssuerStatus, [iss, status]);
    return row ? toDelegationIssuer(row) : null;
  }

  async upsertPlatform(input: Omit<NewDelegationIssuer, 'tenantId'>): Promise<DelegationIssuer> {
    await this.sql.run(upsertPlatformIssuer, [input.iss, input.name, input.jwksUrl, jwksParam(input.jwks), input.allowedAudiences]);
    const issuer = await this.findPlatformByIss(input.iss);
    if (!issuer) throw new Error(`platform issuer ${input.iss} was not found after its upsert`);
    return issuer;
  }

  async findTrusted(tenantId: string, iss: string): Promise<DelegationIssuer | null> {
    const [row] = await this.sql.run(trustedIssuer, [tenantId, iss]);
    return row ? toDelegationIssuer(row) : null;
  }
}
