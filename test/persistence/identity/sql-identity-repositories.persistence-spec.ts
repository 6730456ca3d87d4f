import { randomUUID } from 'node:crypto';
import { CredentialRepository, PrincipalRepository, SigningKeyRepository, TenantRepository } from '@hcs/domain';
import { TransactionHost } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';

describe('tenant, principal, credential and signing-key repositories (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let tenantId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    tenantId = (await tier.get(TenantRepository).create(`identity ${randomUUID()}`)).id;
  });
  afterAll(() => tier.close());

  it('creates and finds a tenant', async () => {
    const tenants = tier.get(TenantRepository);
    const tenant = await tenants.create('identity tier');

    expect(tenant).toEqual({ id: expect.any(String), name: 'identity tier', createdAt: expect.any(Date) });
    await expect(tenants.findById(tenant.id)).resolves.toEqual(tenant);
    await expect(tenants.findById(randomUUID())).resolves.toBeNull();
  });

  it('creates, lists and patches principals of a kind, the booking limit as a number', async () => {
    const principals = tier.get(PrincipalRepository);
    const agent = await principals.create({
      tenantId,
      kind: 'agent',
      name: 'limited',
      scopes: ['catalog:read'],
      bookingLimit: { amount: 50000, currency: 'EUR' },
    });
    const admin = await principals.create({ tenantId, kind: 'admin', name: 'boss', scopes: [] });

    expect(agent).toEqual({
      id: expect.any(String),
      tenantId,
      kind: 'agent',
      name: 'limited',
      status: 'active',
      scopes: ['catalog:read'],
      bookingLimit: { amount: 50000, currency: 'EUR' },
      createdAt: expect.any(Date),
    });
    expect(admin.bookingLimit).toBeNull();
    await expect(principals.findById(tenantId, agent.id)).resolves.toEqual(agent);
    await expect(principals.findByIdAndKind(tenantId, agent.id, 'admin')).resolves.toBeNull();
    await expect(principals.listByKind(tenantId, 'agent')).resolves.toEqual([agent]);

    const patched = await principals.update(tenantId, agent.id, 'agent', { status: 'disabled', scopes: [], bookingLimit: null });
    expect(patched).toEqual({ ...agent, status: 'disabled', scopes: [], bookingLimit: null });
    await expect(principals.update(tenantId, agent.id, 'admin', { name: 'wrong kind' })).resolves.toBeNull();
    const [row] = await tier.query<{ moved: boolean }>(`SELECT updated_at > created_at AS moved FROM principals WHERE id = $1`, [agent.id]);
    expect(row.moved).toBe(true);
  });

  it('finds a live credential with its principal by hash or id, and not once revoked', async () => {
    const principals = tier.get(PrincipalRepository);
    const credentials = tier.get(CredentialRepository);
    const agent = await principals.create({ tenantId, kind: 'agent', name: 'keyholder', scopes: ['booking:write'] });
    const secretHash = randomUUID();
    const credential = await credentials.create({ tenantId, principalId: agent.id, secretHash, secretPrefix: 'hcs_abc' });

    expect(credential).toEqual({
      id: expect.any(String),
      tenantId,
      principalId: agent.id,
      secretPrefix: 'hcs_abc',
      createdAt: expect.any(Date),
      revokedAt: null,
      lastUsedAt: null,
    });
    await expect(credentials.findLiveByHash(secretHash)).resolves.toEqual({ credential, secretHash, principal: agent });
    await expect(credentials.findLiveById(credential.id)).resolves.toEqual({ credential, secretHash, principal: agent });
    await expect(credentials.listByPrincipal(tenantId, agent.id)).resolves.toEqual([credential]);

    const later = new Date('2099-01-02T00:00:00Z');
    await credentials.touchLastUsed(tenantId, credential.id, later);
    await credentials.touchLastUsed(tenantId, credential.id, new Date('2099-01-01T00:00:00Z'));
    expect((await credentials.findById(tenantId, agent.id, credential.id))?.lastUsedAt).toEqual(later);

    const revoked = await credentials.revoke(tenantId, agent.id, credential.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    await expect(credentials.revoke(tenantId, agent.id, credential.id)).resolves.toEqual(revoked);
    await expect(credentials.findLiveByHash(secretHash)).resolves.toBeNull();
    await expect(credentials.findLiveById(credential.id)).resolves.toBeNull();
    await expect(credentials.revoke(tenantId, randomUUID(), credential.id)).resolves.toBeNull();
  });

  // Signing keys are not tenant-scoped: the suite's other files (the seed, the CLI) read the same
  // purposes from the shared test database, so these fake keys live only inside a transaction that
  // is rolled back, and no other connection ever sees them.
  it('keeps one active signing key per purpose, rotates in one transaction and publishes the retired one', async () => {
    const keys = tier.get(SigningKeyRepository);
    const rolledBack = new Error('rolled back');
    const run = tier.get(TransactionHost).withTransaction(async () => {
      const key = (kid: string) => ({
        kid,
        purpose: 'demo_delegation' as const,
        alg: 'ES256',
        publicJwk: { kty: 'EC', kid },
        privateJwk: { kty: 'EC', d: kid },
      });
      const first = `tier-${randomUUID()}`;
      const second = `tier-${randomUUID()}`;
      const before = await keys.findActive('demo_delegation');

      await keys.insertIfNoneActive(key(first));
      const active = await keys.findActive('demo_delegation');
      if (before) expect(active?.kid).toBe(before.kid);
      else
        expect(active).toMatchObject({ kid: first, alg: 'ES256', publicJwk: { kty: 'EC', kid: first }, privateJwk: { kty: 'EC', d: first }, retiredAt: null });

      await keys.rotate(key(second));

      await expect(keys.findActive('demo_delegation')).resolves.toMatchObject({ kid: second, privateJwk: { kty: 'EC', d: second } });
      const published = await keys.listPublished('demo_delegation', new Date(Date.now() - 60_000));
      // One transaction gives both keys the same created_at, so the newest-first order is not asserted here.
      expect(published.find((k) => k.kid === second)).toEqual({
        kid: second,
        alg: 'ES256',
        publicJwk: { kty: 'EC', kid: second },
        createdAt: expect.any(Date),
        retiredAt: null,
      });
      expect(published.find((k) => k.kid === active?.kid)?.retiredAt).toBeInstanceOf(Date);
      for (const one of published) expect(one).not.toHaveProperty('privateJwk');
      throw rolledBack;
    });
    await expect(run).rejects.toBe(rolledBack);
  });
});
