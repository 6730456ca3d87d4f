import { randomUUID } from 'node:crypto';
import { DelegationIssuer, DelegationIssuerRepository, IssuerStatus, NewDelegationIssuer } from '../delegation/ports/delegation-issuer.repository';
import { IssuerChangeNotifier } from '../delegation/ports/issuer-change-notifier';
import { Tenant, TenantRepository } from '../tenancy/ports/tenant.repository';

/** Issuers kept in memory: a tenant's own (`tenantId` set) and the platform's (`tenantId` null); `reads` counts list calls. */
export class FakeDelegationIssuers extends DelegationIssuerRepository {
  rows: DelegationIssuer[] = [];
  reads = 0;
  async create(input: NewDelegationIssuer): Promise<DelegationIssuer | null> {
    if (this.rows.some((r) => r.tenantId === input.tenantId && r.iss === input.iss)) return null;
    const now = new Date();
    const row: DelegationIssuer = { ...input, id: randomUUID(), status: 'active', createdAt: now, updatedAt: now };
    this.rows.push(row);
    return row;
  }
  async findForTenant(tenantId: string, id: string) {
    return this.rows.find((r) => r.tenantId === tenantId && r.id === id) ?? null;
  }
  async listForTenant(tenantId: string) {
    this.reads++;
    return this.rows.filter((r) => r.tenantId === tenantId);
  }
  async updateStatus(tenantId: string, id: string, status: IssuerStatus) {
    const row = await this.findForTenant(tenantId, id);
    if (row) Object.assign(row, { status, updatedAt: new Date() });
    return row;
  }
  async listPlatform() {
    this.reads++;
    return this.rows.filter((r) => r.tenantId === null);
  }
  async findPlatformByIss(iss: string) {
    return this.rows.find((r) => r.tenantId === null && r.iss === iss) ?? null;
  }
  async updatePlatformStatus(iss: string, status: IssuerStatus) {
    const row = await this.findPlatformByIss(iss);
    if (row) Object.assign(row, { status, updatedAt: new Date() });
    return row;
  }
  async upsertPlatform(input: Omit<NewDelegationIssuer, 'tenantId'>): Promise<DelegationIssuer> {
    const found = await this.findPlatformByIss(input.iss);
    if (found) return Object.assign(found, input, { updatedAt: new Date() });
    const now = new Date();
    const row: DelegationIssuer = { ...input, tenantId: null, id: randomUUID(), status: 'active', createdAt: now, updatedAt: now };
    this.rows.push(row);
    return row;
  }
  async findTrusted(tenantId: string, iss: string) {
    return this.rows.find((r) => r.iss === iss && r.tenantId === null) ?? this.rows.find((r) => r.iss === iss && r.tenantId === tenantId) ?? null;
  }
}

export class FakeTenants extends TenantRepository {
  rows: Tenant[] = [];
  async create(name: string): Promise<Tenant> {
    const row = { id: randomUUID(), name, createdAt: new Date() };
    this.rows.push(row);
    return row;
  }
  async findById(id: string) {
    return this.rows.find((t) => t.id === id) ?? null;
  }
}

/** Announces issuer changes to the listeners of this process only. */
export class LocalIssuerChanges extends IssuerChangeNotifier {
  private readonly listeners: Array<() => void> = [];
  async issuersChanged(): Promise<void> {
    for (const listener of this.listeners) listener();
  }
  onIssuersChanged(listener: () => void): void {
    this.listeners.push(listener);
  }
}
