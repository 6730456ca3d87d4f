import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { CreateTenant, CredentialRepository, issueSecret, PrincipalRepository, SCOPES, SeedRepository, SetFxRates } from '@hcs/domain';
import { benchCities } from './bench-cities';
import { DEMO_FX_RATES } from './demo-catalog';

export interface BenchSeedResult {
  tenant_id: string;
  agent_api_key: string;
  admin_api_key: string | null;
  properties: number;
  /** False when the catalog already existed and was reused (only the agent key was rotated). */
  created: boolean;
}

const BENCH_AGENT_NAME = 'Bench Agent';

/**
 * `hcs seed bench --properties N [--per-city K]`: a generated catalog of N promoted properties
 * over 40 cities (or over as many cities as hold about K each) in a tenant of its own ("Bench
 * Hotels (N)", "Bench Hotels (N, K per city)"), inserted with a handful of bulk statements. A
 * second run with the same N and K reuses it and only rotates the agent key.
 */
@Injectable()
export class BenchSeed {
  constructor(
    private readonly seeds: SeedRepository,
    private readonly createTenant: CreateTenant,
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    private readonly fxRates: SetFxRates,
  ) {}

  @Transactional()
  async run(count: number, perCity?: number): Promise<BenchSeedResult> {
    const name = perCity === undefined ? `Bench Hotels (${count})` : `Bench Hotels (${count}, ${perCity} per city)`;
    const existing = await this.seeds.findTenantByName(name);
    if (existing && (await this.seeds.countPromotedProperties(existing.id)) === count) {
      const agent = await this.seeds.findPrincipalByName(existing.id, 'agent', BENCH_AGENT_NAME);
      const agentId = agent?.id ?? (await this.principals.create({ tenantId: existing.id, kind: 'agent', name: BENCH_AGENT_NAME, scopes: [...SCOPES] })).id;
      await this.seeds.revokeCredentials(existing.id, agentId);
      return { tenant_id: existing.id, agent_api_key: await this.issue(existing.id, agentId), admin_api_key: null, properties: count, created: false };
    }
    // A half-built tenant of an interrupted run is left alone; a fresh tenant gets the catalog.
    const tenant = await this.createTenant.execute({ name });
    const agent = await this.principals.create({ tenantId: tenant.tenant_id, kind: 'agent', name: BENCH_AGENT_NAME, scopes: [...SCOPES] });
    await this.seeds.insertBenchCatalog(tenant.tenant_id, count, benchCities(count, perCity));
    await this.fxRates.execute({ rates: DEMO_FX_RATES }, { tenantId: tenant.tenant_id, principalId: tenant.admin_principal_id, kind: 'admin' });
    return {
      tenant_id: tenant.tenant_id,
      agent_api_key: await this.issue(tenant.tenant_id, agent.id),
      admin_api_key: tenant.admin_api_key,
      properties: count,
      created: true,
    };
  }

  private async issue(tenantId: string, principalId: string): Promise<string> {
    const issued = issueSecret('agent');
    await this.credentials.create({ tenantId, principalId, secretHash: issued.hash, secretPrefix: issued.prefix });
    return issued.secret;
  }
}
