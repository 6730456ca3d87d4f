import { Injectable } from '@nestjs/common';
import { isUuid, TenantRepository } from '@hcs/domain';
import { TtlCache } from '@hcs/platform';

const FOUND_TTL_MS = 60_000;
const MISSING_TTL_MS = 5_000;

/** "Does this tenant exist?" for anonymous catalog reads, cached (tenants are never deleted). */
@Injectable()
export class KnownTenants {
  private readonly cache = new TtlCache<string, boolean>(10_000);

  constructor(private readonly tenants: TenantRepository) {}

  async exists(tenantId: string | undefined): Promise<boolean> {
    if (!isUuid(tenantId)) return false;
    const id = tenantId.toLowerCase();
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const found = (await this.tenants.findById(id)) !== null;
    this.cache.set(id, found, found ? FOUND_TTL_MS : MISSING_TTL_MS);
    return found;
  }
}
