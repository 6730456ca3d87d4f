import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { issueSecret } from '../../identity/rules/credential-secret';
import { CredentialRepository } from '../../identity/ports/credential.repository';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import { TenantRepository } from '../ports/tenant.repository';

export interface CreateTenantCommand {
  name: string;
}

export interface CreatedTenant {
  tenant_id: string;
  admin_principal_id: string;
  /** The first admin's API key; shown once. */
  admin_api_key: string;
}

/** Creates a tenant with its first administrator and that administrator's API key, atomically. */
@Injectable()
export class CreateTenant {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
  ) {}

  @Transactional()
  async execute(command: CreateTenantCommand): Promise<CreatedTenant> {
    const tenant = await this.tenants.create(command.name);
    const admin = await this.principals.create({ tenantId: tenant.id, kind: 'admin', name: `${command.name} admin`, scopes: [] });
    const issued = issueSecret('admin');
    await this.credentials.create({ tenantId: tenant.id, principalId: admin.id, secretHash: issued.hash, secretPrefix: issued.prefix });
    return { tenant_id: tenant.id, admin_principal_id: admin.id, admin_api_key: issued.secret };
  }
}
