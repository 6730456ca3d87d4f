import { Injectable } from '@nestjs/common';
import { isUuid } from '../identity/uuid';
import { TenantRepository } from '../tenancy/tenant';
import { DelegationIssuer, DelegationIssuerRepository } from './delegation-issuer';

/**
 * The public issuer list: every platform issuer, plus the issuers of the tenant named by the
 * optional tenant hint (an unknown or malformed tenant id simply adds nothing).
 */
@Injectable()
export class ListPublicDelegationIssuers {
  constructor(
    private readonly issuers: DelegationIssuerRepository,
    private readonly tenants: TenantRepository,
  ) {}

  async execute(tenantHint?: string | null): Promise<DelegationIssuer[]> {
    const platform = await this.issuers.listPlatform();
    if (!isUuid(tenantHint) || !(await this.tenants.findById(tenantHint))) return platform;
    return [...platform, ...(await this.issuers.listForTenant(tenantHint))];
  }
}
