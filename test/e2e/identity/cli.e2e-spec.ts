import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { DEMO_ISSUER, DelegationVerifier } from '@hcs/auth';
import { DomainError } from '@hcs/domain';
import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, createTestIssuerKeys, mintAccessToken, mintDelegation, TestAgent, TestTenant } from '../../support/factories';
import { runCli } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

// Each CLI run or api boot is a fresh Node process with Nest: seconds, not milliseconds.
jest.setTimeout(60_000);

describe('hcs CLI: issuers, delegations, signing keys', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  const dir = mkdtempSync(join(tmpdir(), 'hcs-cli-'));

  beforeAll(async () => {
    t = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
  });
  afterAll(() => t.close());

  const verifyFor = (tenantId: string, token: string) => t.app.get(DelegationVerifier).verify(tenantId, token);

  it('issuer add registers a platform issuer trusted by every tenant', async () => {
    const keys = await createTestIssuerKeys('RS256');
    const file = join(dir, 'jwks.json');
    writeFileSync(file, JSON.stringify(keys.jwks));
    const res = await runCli([
      'issuer',
      'add',
      '--iss',
      keys.iss,
      '--name',
      'CLI IdP',
      '--jwks-file',
      file,
      '--audience',
      t.config.delegationAudience,
      '--audience',
      'https://staging.example',
      '--json',
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({
      id: expect.any(String),
      iss: keys.iss,
      name: 'CLI IdP',
      status: 'active',
      jwks_url: null,
      allowed_audiences: [t.config.delegationAudience, 'https://staging.example'],
    });

    const list = await runCli(['issuer', 'list', '--json']);
    expect(JSON.parse(list.stdout).issuers.map((i: { iss: string }) => i.iss)).toContain(keys.iss);
    const other = await createTenant(t.app);
    for (const tenantId of [tenant.tenantId, other.tenantId]) {
      await expect(verifyFor(tenantId, await mintDelegation(t.app, { sub: 'cli-traveler', issuer: keys, tenantId }))).resolves.toEqual({
        iss: keys.iss,
        sub: 'cli-traveler',
      });
    }

    const suspended = await runCli(['issuer', 'set-status', '--iss', keys.iss, '--status', 'suspended', '--json']);
    expect(JSON.parse(suspended.stdout).status).toBe('suspended');
    const refused = await verifyFor(tenant.tenantId, await mintDelegation(t.app, { sub: 'x', issuer: keys, tenantId: tenant.tenantId })).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'delegation_issuer_unknown', detail: { status: 'suspended' } });
  });

  it('issuer add refuses bad input with a message on stderr and nothing on stdout', async () => {
    const loopback = await runCli(['issuer', 'add', '--iss', 'https://loop.example', '--name', 'x', '--jwks-url', 'http://127.0.0.1:9/jwks', '--json'], {
      WEBHOOK_ALLOW_PRIVATE: 'false',
    });
    expect(loopback.code).toBe(1);
    expect(loopback.stdout).toBe('');
    expect(loopback.stderr).toContain('validation_failed');
    const neither = await runCli(['issuer', 'add', '--iss', 'https://n.example', '--name', 'x', '--json']);
    expect(neither.code).toBe(1);
    expect(neither.stderr).toContain('exactly one of --jwks-file and --jwks-url');
  });

  it('delegation mint prints a demo delegation the api accepts', async () => {
    const plain = await runCli(['delegation', 'mint', '--sub', 'traveler-cli', '--tenant', tenant.tenantId]);
    expect(plain.code).toBe(0);
    const token = plain.stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    expect(decodeJwt(token)).toMatchObject({ iss: DEMO_ISSUER, sub: 'traveler-cli', aud: t.config.delegationAudience, tenant_id: tenant.tenantId });
    const claims = decodeJwt(token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    const res = await t.http().post('/__auth/bookings').set('Authorization', `Bearer ${agent.apiKey}`).set('X-Delegated-User', token);
    expect(res.status).toBe(201);
    expect(res.body.data.traveler).toEqual({ iss: DEMO_ISSUER, sub: 'traveler-cli' });
  });

  it('delegation mint --ttl --tenant --json restricts the delegation to the tenant', async () => {
    const res = await runCli(['delegation', 'mint', '--sub', 'traveler-t', '--ttl', '120', '--tenant', tenant.tenantId, '--json']);
    expect(res.code).toBe(0);
    const minted = JSON.parse(res.stdout);
    expect(minted).toEqual({
      token: expect.any(String),
      issuer: DEMO_ISSUER,
      audience: t.config.delegationAudience,
      sub: 'traveler-t',
      expires_at: expect.any(String),
    });
    const claims = decodeJwt(minted.token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(120);
    expect(claims.tenant_id).toBe(tenant.tenantId);
    await expect(verifyFor(tenant.tenantId, minted.token)).resolves.toEqual({ iss: DEMO_ISSUER, sub: 'traveler-t' });
    const other = await createTenant(t.app);
    await expect(verifyFor(other.tenantId, minted.token)).rejects.toMatchObject({ code: 'delegation_invalid', detail: { reason: 'audience_mismatch' } });
  });

  it('delegation mint refuses production, bad ttl and unknown tenants', async () => {
    const prod = await runCli(['delegation', 'mint', '--sub', 'x'], { NODE_ENV: 'production' });
    expect(prod.code).toBe(1);
    expect(prod.stdout).toBe('');
    expect(prod.stderr).toMatch(/development only/);
    const ttl = await runCli(['delegation', 'mint', '--sub', 'x', '--ttl', '-5']);
    expect(ttl.code).not.toBe(0);
    expect(ttl.stdout).toBe('');
    const long = await runCli(['delegation', 'mint', '--sub', 'x', '--ttl', '901', '--tenant', tenant.tenantId]);
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/at most 900 seconds/);
    const unknown = await runCli(['delegation', 'mint', '--sub', 'x', '--tenant', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown tenant/);
  });

  it('oauth rotate-key switches the signing key and keeps the old one published', async () => {
    const before = await mintAccessToken(t.http, agent);
    const res = await runCli(['oauth', 'rotate-key', '--json']);
    expect(res.code).toBe(0);
    const { kid } = JSON.parse(res.stdout) as { kid: string };
    const jwks = await t.http().get('/.well-known/jwks.json');
    const kids = jwks.body.keys.map((k: { kid: string }) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([kid, decodeProtectedHeader(before).kid]));
    await jwtVerify(before, createLocalJWKSet(jwks.body));
    await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${before}`).expect(200);
  });
});
