import { anonymousCaller } from '../../identity/principal';
import { FakeDelegationIssuers, FakeTenants, LocalIssuerChanges } from '../../testing/fake-delegation-ports';
import { ListPublicDelegationIssuers } from './list-public-delegation-issuers.use-case';

const keys = { keys: [] };

describe('ListPublicDelegationIssuers (fake ports)', () => {
  let issuers: FakeDelegationIssuers;
  let tenants: FakeTenants;
  let changes: LocalIssuerChanges;
  let tenantId: string;

  beforeEach(async () => {
    issuers = new FakeDelegationIssuers();
    tenants = new FakeTenants();
    changes = new LocalIssuerChanges();
    tenantId = (await tenants.create('mar')).id;
    await issuers.upsertPlatform({ iss: 'https://platform.test', name: 'Platform', jwksUrl: 'https://platform.test/jwks', jwks: null, allowedAudiences: [] });
    await issuers.create({ tenantId, iss: 'https://own.test', name: 'Own', jwksUrl: null, jwks: keys, allowedAudiences: ['aud'] });
    await issuers.create({ tenantId, iss: 'https://platform.test', name: 'Shadowed', jwksUrl: null, jwks: keys, allowedAudiences: [] });
  });

  it('lists the platform issuers, plus the hinted tenant’s own that no platform issuer shadows, as public views', async () => {
    const list = new ListPublicDelegationIssuers(issuers, tenants, changes);
    await expect(list.execute({}, null)).resolves.toMatchObject({ data: { issuers: [{ iss: 'https://platform.test', name: 'Platform' }] } });
    const { data, meta } = await list.execute({ tenantHint: tenantId.toUpperCase() }, null);
    expect(data.issuers).toEqual([
      { iss: 'https://platform.test', name: 'Platform', status: 'active', jwks_url: 'https://platform.test/jwks', allowed_audiences: [] },
      { iss: 'https://own.test', name: 'Own', status: 'active', jwks_url: null, allowed_audiences: ['aud'] },
    ]);
    expect(meta.next_actions).toBeUndefined();
  });

  it('adds nothing for an unknown or malformed hint, whoever reads', async () => {
    const list = new ListPublicDelegationIssuers(issuers, tenants, changes);
    for (const tenantHint of ['not-a-uuid', '99999999-9999-4999-8999-999999999999']) {
      const { data } = await list.execute({ tenantHint }, anonymousCaller(tenantId));
      expect(data.issuers.map((i) => i.iss)).toEqual(['https://platform.test']);
    }
  });

  it('serves repeated reads from memory until an issuer change is announced', async () => {
    const list = new ListPublicDelegationIssuers(issuers, tenants, changes);
    await list.execute({ tenantHint: tenantId }, null);
    const reads = issuers.reads;
    await list.execute({ tenantHint: tenantId }, null);
    expect(issuers.reads).toBe(reads);
    await issuers.create({ tenantId, iss: 'https://new.test', name: 'New', jwksUrl: null, jwks: keys, allowedAudiences: [] });
    await changes.issuersChanged();
    const { data } = await list.execute({ tenantHint: tenantId }, null);
    expect(data.issuers.map((i) => i.iss)).toContain('https://new.test');
  });
});
