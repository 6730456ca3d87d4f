import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CreateTenant } from '@hcs/domain';

export interface TestTenant {
  tenantId: string;
  adminPrincipalId: string;
  adminKey: string;
}

/** A fresh tenant with its admin key: each test file works in tenants of its own. */
export async function createTenant(app: INestApplicationContext, name = `tenant-${randomUUID().slice(0, 8)}`): Promise<TestTenant> {
  const created = await app.get(CreateTenant).execute({ name });
  return { tenantId: created.tenant_id, adminPrincipalId: created.admin_principal_id, adminKey: created.admin_api_key };
}
