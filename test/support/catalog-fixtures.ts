import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CredentialRepository, issueSecret, PrincipalRepository, Scope, SCOPES } from '@hcs/domain';
import { DataSource } from 'typeorm';
import type { TestApp } from './test-app';

export interface TestAgent {
  agentId: string;
  apiKey: string;
}

/** An agent principal with an API key in the tenant (all scopes unless told). */
export async function createAgent(app: INestApplicationContext, tenantId: string, scopes: Scope[] = [...SCOPES]): Promise<TestAgent> {
  const agent = await app.get(PrincipalRepository).create({ tenantId, kind: 'agent', name: `agent-${randomUUID().slice(0, 8)}`, scopes });
  const issued = issueSecret('agent');
  await app.get(CredentialRepository).create({ tenantId, principalId: agent.id, secretHash: issued.hash, secretPrefix: issued.prefix });
  return { agentId: agent.id, apiKey: issued.secret };
}

/** `YYYY-MM-DD`, `days` after today in UTC. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface PropertyFixture {
  id: string;
  slug: string;
  roomTypes: Array<{ id: string; code: string; ratePlans: Array<{ id: string; code: string }> }>;
}

export interface PropertySpec {
  slug?: string;
  name?: string;
  city?: string;
  country?: string;
  region?: string;
  timezone?: string;
  currency?: string;
  starRating?: number | null;
  promote?: boolean;
  rooms?: Array<{
    code: string;
    maxOccupancy?: number;
    defaultInventory?: number;
    plans: Array<{ code: string; amount: number; mealPlan?: string; policy?: 'flex' | 'nonref' | null; currency?: string }>;
  }>;
}

/**
 * A property built through the admin routes (so the fixtures exercise them): flexible and
 * non-refundable policies, the given room types and rate plans, promoted unless told otherwise.
 */
export async function createProperty(t: TestApp, adminKey: string, spec: PropertySpec = {}): Promise<PropertyFixture> {
  const auth = { authorization: `Bearer ${adminKey}` };
  const slug = spec.slug ?? `hotel-${randomUUID().slice(0, 8)}`;
  const currency = spec.currency ?? 'EUR';
  const created = await t
    .http()
    .post('/v1/admin/properties')
    .set(auth)
    .send({
      slug,
      name: spec.name ?? `Hotel ${slug}`,
      description: 'A test hotel.',
      star_rating: spec.starRating === undefined ? 4 : spec.starRating,
      address: { line1: '1 Test Street', city: spec.city ?? 'Lisbon', region: spec.region, country: spec.country ?? 'PT', postal_code: '1000-001' },
      geo: { lat: 38.72, lng: -9.14 },
      timezone: spec.timezone ?? 'Europe/Lisbon',
      default_currency: currency,
      amenities: ['wifi'],
      taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 600 }],
    });
  if (created.status !== 201) throw new Error(`create property failed: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  for (const [code, body] of [
    ['flex', { cancellation_kind: 'free_cancellation', free_cancellation_hours_before_checkin: 48, cancellation_fee_pct_after_cutoff: 100 }],
    ['nonref', { cancellation_kind: 'non_refundable' }],
  ] as const) {
    const res = await t.http().put(`/v1/admin/properties/${id}/policies/${code}`).set(auth).send(body);
    if (res.status !== 201) throw new Error(`policy failed: ${JSON.stringify(res.body)}`);
  }
  const rooms = spec.rooms ?? [
    {
      code: 'DBL',
      plans: [
        { code: 'FLEX', amount: 12000, policy: 'flex' },
        { code: 'NR', amount: 10000, policy: 'nonref' },
      ],
    },
  ];
  const roomTypes: PropertyFixture['roomTypes'] = [];
  for (const room of rooms) {
    const rt = await t
      .http()
      .post(`/v1/admin/properties/${id}/room-types`)
      .set(auth)
      .send({ code: room.code, name: `Room ${room.code}`, max_occupancy: room.maxOccupancy ?? 2, default_inventory: room.defaultInventory ?? 5 });
    if (rt.status !== 201) throw new Error(`room type failed: ${JSON.stringify(rt.body)}`);
    const ratePlans: Array<{ id: string; code: string }> = [];
    for (const plan of room.plans) {
      const rp = await t
        .http()
        .post(`/v1/admin/room-types/${rt.body.data.id}/rate-plans`)
        .set(auth)
        .send({
          code: plan.code,
          name: `Plan ${plan.code}`,
          base_rate: { amount: plan.amount, currency: plan.currency ?? currency },
          meal_plan: plan.mealPlan ?? 'room_only',
          policy_code: plan.policy === undefined ? 'flex' : plan.policy,
        });
      if (rp.status !== 201) throw new Error(`rate plan failed: ${JSON.stringify(rp.body)}`);
      ratePlans.push({ id: rp.body.data.id, code: plan.code });
    }
    roomTypes.push({ id: rt.body.data.id, code: room.code, ratePlans });
  }
  if (spec.promote !== false) {
    const promoted = await t.http().post(`/v1/admin/properties/${id}/promote`).set(auth);
    if (promoted.status !== 200) throw new Error(`promote failed: ${JSON.stringify(promoted.body)}`);
  }
  return { id, slug, roomTypes };
}

/** Direct SQL for fixtures the API does not expose (held and sold counts belong to the booking chain). */
export function sql(t: TestApp): DataSource {
  return t.app.get(DataSource);
}
