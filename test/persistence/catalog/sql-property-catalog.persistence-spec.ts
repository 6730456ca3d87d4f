import { randomUUID } from 'node:crypto';
import { PolicyRepository, PropertyCatalogReader } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

describe('SqlPropertyCatalogReader (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let reader: PropertyCatalogReader;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    reader = tier.get(PropertyCatalogReader);
    chain = await seedChain(tier);
  });
  afterAll(() => tier.close());

  it('reads a property with its room types, rate plans and policies, by id and by slug alike', async () => {
    const byId = await reader.read(chain.tenantId, { id: chain.property.id });

    expect(byId).toEqual({ property: chain.property, roomTypes: [chain.roomType], ratePlans: [chain.ratePlan], policies: [chain.policy] });
    await expect(reader.read(chain.tenantId, { slug: chain.property.slug })).resolves.toEqual(byId);
  });

  it('lists every policy version of the property', async () => {
    const v2 = await tier.get(PolicyRepository).createVersion(chain.tenantId, chain.property.id, 'flex', '2', {
      cancellationKind: 'non_refundable',
      freeCancellationHoursBeforeCheckin: 0,
      cancellationFeePctAfterCutoff: 100,
      childPolicyText: 'Children stay free.',
    });

    const read = await reader.read(chain.tenantId, { id: chain.property.id });

    expect(read?.policies.map((p) => p.id).sort()).toEqual([chain.policy.id, v2.id].sort());
  });

  it('answers null for another tenant and for an unknown property', async () => {
    const other = await seedChain(tier);

    await expect(reader.read(other.tenantId, { id: chain.property.id })).resolves.toBeNull();
    await expect(reader.read(other.tenantId, { slug: chain.property.slug })).resolves.toBeNull();
    await expect(reader.read(chain.tenantId, { id: randomUUID() })).resolves.toBeNull();
  });
});
