import { randomUUID } from 'node:crypto';
import { DelegationIssuerRepository, TenantRepository, type NewDelegationIssuer } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';

const JWKS = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x-coordinate', y: 'y-coordinate', kid: 'k1' }] };

describe('delegation issuers (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let issuers: DelegationIssuerRepository;
  let tenantId: string;
  let otherTenantId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    issuers = tier.get(DelegationIssuerRepository);
    tenantId = (await tier.get(TenantRepository).create(`issuers ${randomUUID()}`)).id;
    otherTenantId = (await tier.get(TenantRepository).create(`issuers ${randomUUID()}`)).id;
  });
  afterAll(() => tier.close());

  const issuer = (overrides: Partial<NewDelegationIssuer> = {}): NewDelegationIssuer => ({
    tenantId,
    iss: `https://idp.example/${randomUUID()}`,
    name: 'Traveler IdP',
    jwksUrl: null,
    jwks: JWKS,
    allowedAudiences: ['hcs', 'hcs-staging'],
    ...overrides,
  });

  it('creates a tenant issuer with its inline keys and audiences, and answers null for the same iss in the same scope', async () => {
    const input = issuer();
    const created = await issuers.create(input);

    expect(created).toEqual({
      id: expect.any(String),
      tenantId,
      iss: input.iss,
      name: 'Traveler IdP',
      status: 'active',
      jwksUrl: null,
      jwks: JWKS,
      allowedAudiences: ['hcs', 'hcs-staging'],
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    await expect(issuers.create({ ...input, name: 'again' })).resolves.toBeNull();
    // Another tenant, and the platform, may register the same iss.
    await expect(issuers.create({ ...input, tenantId: otherTenantId })).resolves.toMatchObject({ tenantId: otherTenantId, iss: input.iss });
    await expect(issuers.findForTenant(tenantId, created!.id)).resolves.toEqual(created);
    await expect(issuers.findForTenant(otherTenantId, created!.id)).resolves.toBeNull();
  });

  it('lists a tenant its own issuers in creation order and changes a status only within the tenant', async () => {
    const own = (await issuers.create(issuer({ tenantId: otherTenantId, jwks: null, jwksUrl: 'https://idp.example/jwks.json' })))!;
    const listed = await issuers.listForTenant(otherTenantId);
    expect(listed.map((i) => i.id)).toContain(own.id);
    expect(listed.every((i) => i.tenantId === otherTenantId)).toBe(true);
    expect(listed.map((i) => i.createdAt.getTime())).toEqual([...listed.map((i) => i.createdAt.getTime())].sort((a, b) => a - b));

    await expect(issuers.updateStatus(tenantId, own.id, 'suspended')).resolves.toBeNull();
    const suspended = await issuers.updateStatus(otherTenantId, own.id, 'suspended');
    expect(suspended).toMatchObject({ id: own.id, status: 'suspended', jwksUrl: 'https://idp.example/jwks.json', jwks: null });
    expect(suspended!.updatedAt.getTime()).toBeGreaterThanOrEqual(own.updatedAt.getTime());
  });

  it('upserts a platform issuer: created, refreshed when its keys change, left alone when nothing does', async () => {
    const input = issuer({ tenantId: null });
    const { tenantId: _none, ...platform } = input;

    const created = await issuers.upsertPlatform(platform);
    expect(created).toMatchObject({ tenantId: null, iss: input.iss, status: 'active', jwks: JWKS });

    const unchanged = await issuers.upsertPlatform(platform);
    expect(unchanged.updatedAt).toEqual(created.updatedAt);

    const refreshed = await issuers.upsertPlatform({ ...platform, name: 'Renamed IdP', allowedAudiences: ['hcs'] });
    expect(refreshed).toMatchObject({ id: created.id, name: 'Renamed IdP', allowedAudiences: ['hcs'] });

    await expect(issuers.findPlatformByIss(input.iss)).resolves.toEqual(refreshed);
    expect((await issuers.listPlatform()).map((i) => i.id)).toContain(created.id);
    await expect(issuers.create(input)).resolves.toBeNull();

    await expect(issuers.updatePlatformStatus(input.iss, 'revoked')).resolves.toMatchObject({ id: created.id, status: 'revoked' });
    await expect(issuers.updatePlatformStatus(`https://nobody.example/${randomUUID()}`, 'revoked')).resolves.toBeNull();
  });

  it('trusts for an iss a tenant issuer or a platform one, and nothing of another tenant', async () => {
    const tenantOnly = (await issuers.create(issuer()))!;
    await expect(issuers.findTrusted(tenantId, tenantOnly.iss)).resolves.toEqual(tenantOnly);
    await expect(issuers.findTrusted(otherTenantId, tenantOnly.iss)).resolves.toBeNull();

    const { tenantId: _none, ...platformInput } = issuer({ tenantId: null });
    const platform = await issuers.upsertPlatform(platformInput);
    await expect(issuers.findTrusted(otherTenantId, platform.iss)).resolves.toEqual(platform);
  });
});
