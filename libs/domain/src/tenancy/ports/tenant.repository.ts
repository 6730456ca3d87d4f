export interface Tenant {
  id: string;
  name: string;
  createdAt: Date;
}

/** Port: tenants. */
export abstract class TenantRepository {
  abstract create(name: string): Promise<Tenant>;
  abstract findById(id: string): Promise<Tenant | null>;
}
