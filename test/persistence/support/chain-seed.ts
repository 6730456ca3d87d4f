import { randomUUID } from 'node:crypto';
import {
  PolicyRepository,
  PrincipalRepository,
  PropertyRepository,
  QuoteRepository,
  RatePlanRepository,
  RoomTypeRepository,
  TenantRepository,
  type Policy,
  type Property,
  type QuoteRecord,
  type RatePlan,
  type RoomType,
} from '@hcs/domain';
import { priceOf, snapshot } from '../../../libs/domain/src/testing/chain-fixtures';
import type { PersistenceTier } from './persistence-module';

export interface SeededChain {
  tenantId: string;
  agentId: string;
  property: Property;
  roomType: RoomType;
  ratePlan: RatePlan;
  policy: Policy;
  quote: QuoteRecord;
}

/**
 * A fresh tenant with one agent, one property (room type with `defaultInventory` rooms, rate plan,
 * policy) and one quote for `stay` (of `rooms` rooms when given, else a `guests` quote), written through the real repositories: each spec file starts
 * from its own tenant, as the e2e specs do.
 */
export async function seedChain(
  tier: PersistenceTier,
  options: { defaultInventory?: number; stay?: { check_in: string; check_out: string }; rooms?: number } = {},
): Promise<SeededChain> {
  const stay = options.stay ?? { check_in: '2099-05-10', check_out: '2099-05-12' };
  const tenant = await tier.get(TenantRepository).create(`persistence ${randomUUID()}`);
  const agent = await tier.get(PrincipalRepository).create({ tenantId: tenant.id, kind: 'agent', name: 'tier agent', scopes: [] });
  const property = await tier.get(PropertyRepository).create(tenant.id, {
    slug: `tier-${randomUUID().slice(0, 8)}`,
    name: 'Hotel Persistence',
    description: null,
    starRating: 4,
    address: { line1: '1 Rue du Test', line2: null, city: 'Paris', region: null, country: 'FR', postalCode: '75001' },
    geo: { lat: 48.86, lng: 2.35 },
    timezone: 'Europe/Paris',
    defaultCurrency: 'EUR',
    amenities: ['wifi'],
    images: [],
    phone: null,
    email: null,
    petsAllowed: false,
    numberOfRooms: 10,
    checkinTime: '15:00',
    checkoutTime: '11:00',
    taxes: [{ code: 'vat', name: 'VAT', rate_bps: 1000 }],
    fees: [],
  });
  const policy = await tier.get(PolicyRepository).createVersion(tenant.id, property.id, 'flex', '1', {
    cancellationKind: 'free_cancellation',
    freeCancellationHoursBeforeCheckin: 48,
    cancellationFeePctAfterCutoff: 50,
    childPolicyText: null,
  });
  const roomType = await tier.get(RoomTypeRepository).create(tenant.id, property.id, {
    code: 'dbl',
    name: 'Double',
    description: null,
    maxOccupancy: 2,
    bedType: 'double',
    floorSizeSqm: 20,
    amenities: [],
    images: [],
    smokingAllowed: false,
    defaultInventory: options.defaultInventory ?? 1,
  });
  const ratePlan = await tier.get(RatePlanRepository).create(tenant.id, roomType, {
    code: 'flex',
    name: 'Flexible',
    baseRate: { amount: 10000, currency: 'EUR' },
    mealPlan: 'room_only',
    policyId: policy.id,
  });
  const quote = await tier.get(QuoteRepository).create(
    {
      tenantId: tenant.id,
      agentId: agent.id,
      propertyId: property.id,
      roomTypeId: roomType.id,
      ratePlanId: ratePlan.id,
      stay,
      guests: { adults: 2 * (options.rooms ?? 1), children: [] },
      rooms: options.rooms ? Array.from({ length: options.rooms }, () => ({ adults: 2, children: [] })) : null,
      priceBreakdown: priceOf(stay),
      policySnapshot: snapshot({ policy_id: policy.id, version: policy.version }),
      ttlSeconds: 900,
    },
    { type: 'quote.created', actor: { kind: 'agent', id: agent.id }, traceId: randomUUID().replace(/-/g, ''), data: {} },
  );
  return { tenantId: tenant.id, agentId: agent.id, property, roomType, ratePlan, policy, quote };
}

/** A new hold's id and times (the use case decides them before the write), live for `ttlSeconds`. */
export function newHoldIdentity(ttlSeconds = 600): { id: string; createdAt: Date; expiresAt: Date } {
  const createdAt = new Date();
  return { id: randomUUID(), createdAt, expiresAt: new Date(createdAt.getTime() + ttlSeconds * 1000) };
}
