import { randomUUID } from 'node:crypto';
import { createAgent, createTenant, TestAgent, TestTenant } from '../../support/factories';
import { startApiProcess } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Issue 18 point 2: one broken client behind a shared address must not lock out the valid callers
 * behind it; failures at the token endpoint count; IPv6 is counted per /64 (docs/security.md
 * "Shared addresses").
 */
describe('the per-address failure rule and shared addresses', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  const LIMIT = 5;
  const env = { AUTH_FAILURE_LIMIT_PER_MINUTE: String(LIMIT), QUEUE_PREFIX: `hcs-shared-${randomUUID().slice(0, 8)}`, TRUST_PROXY: 'loopback' };

  beforeAll(async () => {
    t = await startTestApp(env);
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  const fail = async (ip: string, times = LIMIT) => {
    for (let i = 0; i < times; i++) {
      expect((await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer hcs_${randomUUID()}`)).status).toBe(401);
    }
  };
  const blocked = async (ip: string) => {
    const res = await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer hcs_${randomUUID()}`);
    return res.status === 429 && res.body.error?.detail?.scope === 'ip_auth_failures';
  };
  const tokenFor = (ip: string, secret: string) =>
    t.http().post('/oauth/token').set(from(ip)).send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: secret });

  it('lets valid API keys and admin keys through an address that other callers got blocked', async () => {
    const ip = '203.0.113.20';
    // The valid callers behind the address were served before the broken client started failing.
    await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer ${agent.apiKey}`).expect(200);
    await t.http().get('/v1/admin/agents').set(from(ip)).set('Authorization', `Bearer ${tenant.adminKey}`).expect(200);
    await fail(ip);
    await expect(blocked(ip)).resolves.toBe(true);
    for (let i = 0; i < LIMIT * 2; i++) {
      await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer ${agent.apiKey}`).expect(200);
      await t.http().get('/v1/admin/agents').set(from(ip)).set('Authorization', `Bearer ${tenant.adminKey}`).expect(200);
    }
    // Anonymous reads and unknown credentials from the address stay refused.
    expect((await t.http().get('/v1/properties').set(from(ip)).set('X-Tenant-Id', tenant.tenantId)).status).toBe(429);
    await expect(blocked(ip)).resolves.toBe(true);
  });

  it('lets a valid access token through a blocked address, even one minted elsewhere a moment ago', async () => {
    const ip = '203.0.113.21';
    await fail(ip);
    await expect(blocked(ip)).resolves.toBe(true);
    const minted = await tokenFor('198.51.100.21', agent.apiKey).expect(200);
    await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer ${minted.body.access_token}`).expect(200);
    // A forged token (same shape, wrong signature) is not recognised.
    const [head, body] = (minted.body.access_token as string).split('.');
    const forged = await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer ${head}.${body}.AAAA`);
    expect(forged.status).toBe(429);
  });

  it('counts invalid_client at POST /oauth/token toward the address rule, and refuses a blocked address there too', async () => {
    const ip = '203.0.113.22';
    for (let i = 0; i < LIMIT; i++) {
      const res = await tokenFor(ip, `hcs_${randomUUID()}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    }
    await expect(blocked(ip)).resolves.toBe(true);
    const refused = await tokenFor(ip, `hcs_${randomUUID()}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', detail: { scope: 'ip_auth_failures' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The agent's own secret is known to this process: its token request still goes through.
    await tokenFor(ip, agent.apiKey).expect(200);
  });

  it('counts IPv6 addresses per /64 and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    for (let i = 1; i <= LIMIT; i++) await fail(`2001:db8:18:2::${i.toString(16)}`, 1);
    await expect(blocked('2001:db8:18:2:ffff:ffff:ffff:fffe')).resolves.toBe(true);
    await expect(blocked('2001:db8:18:3::1')).resolves.toBe(false);

    await fail('::ffff:203.0.113.23');
    await expect(blocked('203.0.113.23')).resolves.toBe(true);
    await expect(blocked('203.0.113.24')).resolves.toBe(false);
  });

  it('lets a valid key through a blocked address on a process that has not seen it yet, once another process has', async () => {
    const other = await startApiProcess(env);
    try {
      const ip = '203.0.113.25';
      await fail(ip);
      await expect(blocked(ip)).resolves.toBe(true);
      const fresh = await createAgent(t.app, tenant);
      // Served by the other process first (from another address): it tells every process.
      const res = await fetch(`${other.baseUrl}/v1/properties`, { headers: { Authorization: `Bearer ${fresh.apiKey}` } });
      expect(res.status).toBe(200);
      await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer ${fresh.apiKey}`).expect(200);
      // A valid key no process has authenticated lately waits for the window (docs/security.md).
      const unseen = await createAgent(t.app, tenant);
      expect((await t.http().get('/v1/properties').set(from(ip)).set('Authorization', `Bearer ${unseen.apiKey}`)).status).toBe(429);
    } finally {
      await other.stop();
    }
  }, 60_000);
});
