import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  CreateProperty,
  CreateRatePlan,
  CreateRoomType,
  CreateTenant,
  CredentialRepository,
  issueSecret,
  PromoteProperty,
  PropertyRepository,
  PrincipalKind,
  PrincipalRepository,
  PutPolicy,
  RatePlanRepository,
  RoomTypeRepository,
  SCOPES,
  SeedRepository,
  SetFxRates,
  SetStayRestrictions,
  plusDays,
  todayIn,
} from '@hcs/domain';
import { DemoDelegationIssuer } from '@hcs/auth';
import { AppConfig } from '@hcs/platform';
import { DEMO_ADMIN_NAME, DEMO_AGENT_NAME, DEMO_FX_RATES, DEMO_PROPERTIES, DEMO_TENANT_NAME } from './demo-catalog';

export interface DemoSeedResult {
  tenant_id: string;
  admin_api_key: string;
  agent: { id: string; api_key: string; client_id: string; client_secret: string };
  delegation: { issuer: string; audience: string };
  properties: Array<{ id: string; slug: string }>;
}

/**
 * `hcs seed demo`: the demo tenant, created once and completed on every run (nothing is created
 * twice: tenant, principals, properties, room types and plans are found by name, slug or code).
 * Secrets are stored only as hashes, so each run rotates the demo admin and agent keys: the old
 * ones are revoked and the new ones printed.
 */
@Injectable()
export class DemoSeed {
  constructor(
    private readonly config: AppConfig,
    private readonly seeds: SeedRepository,
    private readonly createTenant: CreateTenant,
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    private readonly properties: PropertyRepository,
    private readonly roomTypes: RoomTypeRepository,
    private readonly ratePlans: RatePlanRepository,
    private readonly createProperty: CreateProperty,
    private readonly createRoomType: CreateRoomType,
    private readonly createRatePlan: CreateRatePlan,
    private readonly putPolicy: PutPolicy,
    private readonly promote: PromoteProperty,
    private readonly fxRates: SetFxRates,
    private readonly demoIssuer: DemoDelegationIssuer,
    private readonly stayRestrictions: SetStayRestrictions,
  ) {}

  async run(): Promise<DemoSeedResult> {
    if (this.config.nodeEnv === 'production') throw new Error('refusing to seed demo data with NODE_ENV=production');
    return this.seed();
  }

  /** Everything in one transaction: a failed run leaves nothing half-seeded. */
  @Transactional()
  private async seed(): Promise<DemoSeedResult> {
    let tenant = await this.seeds.findTenantByName(DEMO_TENANT_NAME);
    if (!tenant) {
      await this.createTenant.execute({ name: DEMO_TENANT_NAME });
      tenant = await this.seeds.findTenantByName(DEMO_TENANT_NAME);
    }
    if (!tenant) throw new Error('the demo tenant could not be created');
    const tenantId = tenant.id;
    const admin = await this.principal(tenantId, 'admin', DEMO_ADMIN_NAME);
    const agent = await this.principal(tenantId, 'agent', DEMO_AGENT_NAME);
    const adminKey = await this.rotateKey(tenantId, admin, 'admin');
    const agentKey = await this.rotateKey(tenantId, agent, 'agent');
    const caller = { tenantId, principalId: admin, kind: 'admin' as const };
    await this.fxRates.execute({ rates: DEMO_FX_RATES }, caller);

    const seeded: Array<{ id: string; slug: string }> = [];
    for (const demo of DEMO_PROPERTIES) {
      const existing = await this.properties.findBySlug(tenantId, demo.property.slug);
      const propertyId = existing?.id ?? (await this.createProperty.execute({ property: demo.property }, caller)).data.id;
      for (const [code, policy] of Object.entries(demo.policies)) await this.putPolicy.execute({ propertyId, code, policy }, caller);
      for (const { room, plans } of demo.rooms) {
        const roomTypeId =
          (await this.roomTypes.findByCode(tenantId, propertyId, room.code))?.id ??
          (await this.createRoomType.execute({ propertyId, roomType: room }, caller)).data.id;
        for (const plan of plans) {
          const ratePlanId =
            (await this.ratePlans.findByCode(tenantId, roomTypeId, plan.code))?.id ??
            (await this.createRatePlan.execute({ roomTypeId, ratePlan: plan }, caller)).data.id;
          // the next year from today at the property; the same values again change nothing
          const from = todayIn(demo.property.timezone);
          for (const r of demo.restrictions ?? []) {
            await this.stayRestrictions.execute({ ratePlanId, range: { from, to: plusDays(from, 364) }, daysOfWeek: r.days_of_week, values: r.values }, caller);
          }
        }
      }
      await this.promote.execute({ propertyId }, caller);
      seeded.push({ id: propertyId, slug: demo.property.slug });
    }
    return {
      tenant_id: tenantId,
      admin_api_key: adminKey,
      agent: { id: agent, api_key: agentKey, client_id: agent, client_secret: agentKey },
      // The platform demo issuer, registered (with its key) so `hcs delegation mint` tokens verify.
      delegation: await this.demoIssuer.ensure().then(({ iss, audience }) => ({ issuer: iss, audience })),
      properties: seeded,
    };
  }

  private async principal(tenantId: string, kind: PrincipalKind, name: string): Promise<string> {
    const found = await this.seeds.findPrincipalByName(tenantId, kind, name);
    if (found) return found.id;
    return (await this.principals.create({ tenantId, kind, name, scopes: kind === 'agent' ? [...SCOPES] : [] })).id;
  }

  private async rotateKey(tenantId: string, principalId: string, kind: PrincipalKind): Promise<string> {
    await this.seeds.revokeCredentials(tenantId, principalId);
    const issued = issueSecret(kind);
    await this.credentials.create({ tenantId, principalId, secretHash: issued.hash, secretPrefix: issued.prefix });
    return issued.secret;
  }
}
