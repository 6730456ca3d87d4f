import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DelegationIssuerRepository, RegisterPlatformIssuer } from '@hcs/domain';
import { createAgent, createTenant, createTestIssuerKeys, mintDelegation, TestAgent, TestIssuer, TestTenant } from '../../support/factories';
import { ApiProcess, runCli, startApiProcess } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

// Each api boot is a fresh Node process with Nest: seconds, not milliseconds.
jest.setTimeout(90_000);

interface PublicIssuer {
  iss: string;
  status: string;
}

/**
 * Issue 18 point 8: a platform issuer wins every lookup of its `iss`, and a registered, suspended
 * or revoked issuer takes effect on every api process within a second (the public issuer list is
 * cached per process; changes are announced over the identity pub/sub channel).
 */
describe('delegation issuer changes across api processes', () => {
  let t: TestApp;
  let a: ApiProcess;
  let b: ApiProcess;
  let tenant: TestTenant;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
    const env = { DELEGATION_AUDIENCE: t.config.delegationAudience };
    // One after the other: two Nest boots at once on a busy two-core machine can take over 20 s.
    a = await startApiProcess(env);
    b = await startApiProcess(env);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t.close();
  });

  const listOn = async (api: ApiProcess): Promise<PublicIssuer[]> => {
    const res = await fetch(`${api.baseUrl}/.well-known/delegation-issuers`, { headers: { 'X-Tenant-Id': tenant.tenantId } });
    return ((await res.json()) as { issuers: PublicIssuer[] }).issuers;
  };
  /** Polls `api`'s public list until `accept` holds; answers how long that took (ms), or -1 after 3 s. */
  const delayUntil = async (api: ApiProcess, accept: (issuers: PublicIssuer[]) => boolean): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < 3_000) {
      if (accept(await listOn(api))) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
    return -1;
  };
  /** A delegation-gated request: 404 hold_not_found once the delegation passed, 401 when the issuer is not trusted. */
  const bookWith = async (api: ApiProcess, delegation: string) => {
    const res = await fetch(`${api.baseUrl}/v1/bookings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${agent.apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), 'X-Delegated-User': delegation },
      body: JSON.stringify({
        hold_id: randomUUID(),
        quote_id: randomUUID(),
        guest: { primary: { full_name: 'Issuer Probe', email: 'probe@example.com', phone: '+33 1 00 00 00 00' } },
        payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
      }),
    });
    return { status: res.status, code: ((await res.json()) as { error?: { code: string } }).error?.code };
  };
  const statusOf = (iss: string) => (issuers: PublicIssuer[]) => issuers.find((i) => i.iss === iss)?.status;

  it('a tenant issuer registered, suspended and revoked on one process is seen by the other within a second', async () => {
    const keys = await createTestIssuerKeys();
    // B has the list in memory before the change.
    expect(statusOf(keys.iss)(await listOn(b))).toBeUndefined();

    const registered = await fetch(`${a.baseUrl}/v1/admin/delegation-issuers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ iss: keys.iss, name: 'cross-process', jwks: keys.jwks, allowed_audiences: [t.config.delegationAudience] }),
    });
    expect(registered.status).toBe(201);
    const id = ((await registered.json()) as { data: { id: string } }).data.id;
    const seen = await delayUntil(b, (l) => statusOf(keys.iss)(l) === 'active');
    expect(seen).toBeGreaterThanOrEqual(0);
    expect(seen).toBeLessThan(1_000);
    const issuer: TestIssuer = { ...keys, registered: (await t.app.get(DelegationIssuerRepository).findForTenant(tenant.tenantId, id))! };
    const delegation = await mintDelegation(t.app, { issuer, sub: 'traveler-x' });
    await expect(bookWith(b, delegation)).resolves.toEqual({ status: 404, code: 'hold_not_found' });

    for (const status of ['suspended', 'revoked'] as const) {
      const changed = await fetch(`${a.baseUrl}/v1/admin/delegation-issuers/${id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${tenant.adminKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      expect(changed.status).toBe(200);
      const after = await delayUntil(b, (l) => statusOf(keys.iss)(l) === status);
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBeLessThan(1_000);
      await expect(bookWith(b, delegation)).resolves.toEqual({ status: 401, code: 'delegation_issuer_unknown' });
    }
  });

  it('a platform issuer registered by the CLI reaches both processes within a second', async () => {
    const keys = await createTestIssuerKeys();
    await Promise.all([listOn(a), listOn(b)]);
    const dir = mkdtempSync(join(tmpdir(), 'hcs-issuer-'));
    writeFileSync(join(dir, 'jwks.json'), JSON.stringify(keys.jwks));
    const cli = await runCli(['issuer', 'add', '--iss', keys.iss, '--name', 'cli platform issuer', '--jwks-file', join(dir, 'jwks.json'), '--json']);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    for (const api of [a, b]) {
      const seen = await delayUntil(api, (l) => statusOf(keys.iss)(l) === 'active');
      expect(seen).toBeGreaterThanOrEqual(0);
      expect(seen).toBeLessThan(1_000);
    }
  });

  it('a platform issuer wins the lookup of an iss a tenant issuer registered first', async () => {
    const tenantKeys = await createTestIssuerKeys();
    const repo = t.app.get(DelegationIssuerRepository);
    const tenantIssuer = await repo.create({
      tenantId: tenant.tenantId,
      iss: tenantKeys.iss,
      name: 'registered before the platform issuer',
      jwksUrl: null,
      jwks: tenantKeys.jwks as never,
      allowedAudiences: [t.config.delegationAudience],
    });
    const fromTenantKey = await mintDelegation(t.app, { issuer: { ...tenantKeys, registered: tenantIssuer! }, sub: 'traveler-y' });
    await expect(bookWith(a, fromTenantKey)).resolves.toEqual({ status: 404, code: 'hold_not_found' });

    // The operator now trusts the same iss platform-wide, with other keys.
    const platformKeys = await createTestIssuerKeys('ES256', tenantKeys.iss);
    const platform = await t.app.get(RegisterPlatformIssuer).execute({
      iss: platformKeys.iss,
      name: 'platform issuer',
      jwks: platformKeys.jwks as never,
      allowedAudiences: [t.config.delegationAudience],
    });
    // The tenant's key no longer speaks for that iss; the platform's does (for this tenant).
    const refused = await bookWith(a, fromTenantKey);
    expect(refused).toEqual({ status: 401, code: 'delegation_invalid' });
    const fromPlatform = await mintDelegation(t.app, { issuer: { ...platformKeys, registered: platform }, sub: 'traveler-y', tenantId: tenant.tenantId });
    await expect(bookWith(b, fromPlatform)).resolves.toEqual({ status: 404, code: 'hold_not_found' });
    // The public list names the iss once: the platform issuer.
    const listed = (await listOn(b)).filter((i) => i.iss === tenantKeys.iss);
    expect(listed).toHaveLength(1);

    // And a tenant still cannot register it (validation_failed, as before).
    const again = await fetch(`${a.baseUrl}/v1/admin/delegation-issuers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ iss: tenantKeys.iss, name: 'again', jwks: tenantKeys.jwks, allowed_audiences: [t.config.delegationAudience] }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });
});
