import { randomUUID } from 'node:crypto';
import { REDIS, Redis } from '@hcs/platform';
import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, mintAccessToken, TestAgent, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

/** An app whose rate-limit counters nobody else touches (its own Redis key prefix). */
const limitedApp = (prefix = `hcs-test-rl-${randomUUID().slice(0, 8)}`) =>
  startTestApp({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ANON_PER_MINUTE: '2', QUEUE_PREFIX: prefix }, [AuthProbeModule]);

describe('rate limits', () => {
  let main: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;

  beforeAll(async () => {
    main = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(main.app);
    agent = await createAgent(main.app, tenant);
  });
  afterAll(() => main.close());

  const expectLimited = (res: { status: number; body: { error: { code: string; retry_after: number } }; headers: Record<string, string> }) => {
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number.isInteger(res.body.error.retry_after)).toBe(true);
    expect(res.body.error.retry_after).toBeGreaterThanOrEqual(1);
    expect(res.body.error.retry_after).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(res.body.error.retry_after));
    expect(res.headers['ratelimit-limit']).toBeDefined();
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  };

  describe('per credential', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await limitedApp();
    });
    afterAll(() => t.close());

    it('counts down in RateLimit headers, then answers 429 rate_limited with retry_after', async () => {
      for (const remaining of ['2', '1', '0']) {
        const res = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`);
        expect(res.status).toBe(200);
        expect(res.headers['ratelimit-limit']).toBe('3');
        expect(res.headers['ratelimit-remaining']).toBe(remaining);
        expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      }
      expectLimited(await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`));
    });

    it('counts access tokens against the credential that minted them', async () => {
      const token = await mintAccessToken(main.http, agent);
      expectLimited(await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${token}`));
    });

    it('keeps separate budgets for separate credentials', async () => {
      const second = await createAgent(main.app, tenant);
      await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${second.apiKey}`).expect(200);
    });
  });

  it('counts requests that arrive together one by one: of 8 at once on a budget of 3, exactly 3 pass, each with its own remaining', async () => {
    const t = await limitedApp();
    try {
      const sent = await Promise.all(Array.from({ length: 8 }, () => t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`)));
      const passed = sent.filter((res) => res.status === 200);
      expect(passed.map((res) => res.headers['ratelimit-remaining']).sort()).toEqual(['0', '1', '2']);
      const refused = sent.filter((res) => res.status !== 200);
      expect(refused).toHaveLength(5);
      refused.forEach(expectLimited);
    } finally {
      await t.close();
    }
  });

  it('shares one budget between api processes', async () => {
    const prefix = `hcs-test-rl-${randomUUID().slice(0, 8)}`;
    const [a, b] = [await limitedApp(prefix), await limitedApp(prefix)];
    try {
      const fresh = await createAgent(main.app, tenant);
      const call = (app: TestApp) => app.http().get('/__auth/whoami').set('Authorization', `Bearer ${fresh.apiKey}`);
      await call(a).expect(200);
      await call(b).expect(200);
      await call(a).expect(200);
      expectLimited(await call(b));
    } finally {
      await a.close();
      await b.close();
    }
  });

  describe('anonymous and public calls', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await limitedApp();
    });
    afterAll(() => t.close());

    it('limits anonymous catalog reads per IP and tenant', async () => {
      const other = await createTenant(main.app);
      for (let i = 0; i < 2; i++) await t.http().get('/__auth/catalog').set('X-Tenant-Id', tenant.tenantId).expect(200);
      expectLimited(await t.http().get('/__auth/catalog').set('X-Tenant-Id', tenant.tenantId));
      await t.http().get('/__auth/catalog').set('X-Tenant-Id', other.tenantId).expect(200);
    });

    it('limits the token endpoint per IP', async () => {
      const token = () => t.http().post('/oauth/token').send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: 'wrong' });
      const first = await token();
      expect(first.status).toBe(401);
      expect(first.headers['ratelimit-limit']).toBe('2');
      await token().expect(401);
      expectLimited(await token());
    });

    it('limits /.well-known/delegation-issuers with X-Tenant-Id per IP, whatever tenant it names; the bare document stays uncounted', async () => {
      // An app of its own: the token endpoint test above used up this address's budget on `t`.
      const own = await limitedApp();
      try {
        const issuers = (tenantId: string) => own.http().get('/.well-known/delegation-issuers').set('X-Tenant-Id', tenantId);
        const first = await issuers(tenant.tenantId);
        expect(first.status).toBe(200);
        expect(first.headers['ratelimit-limit']).toBe('2');
        // Another hint (existing or random) is the same address's budget: new hints buy no new lookups.
        await issuers(randomUUID()).expect(200);
        expectLimited(await issuers(randomUUID()));
        const refused = await issuers(tenant.tenantId);
        expectLimited(refused);
        expect(refused.body.error.detail).toMatchObject({ limit: 2, scope: 'ip' });
        const bare = await own.http().get('/.well-known/delegation-issuers');
        expect(bare.status).toBe(200);
        expect(bare.headers['ratelimit-limit']).toBeUndefined();
      } finally {
        await own.close();
      }
    });

    it('never limits the static discovery documents', async () => {
      for (const path of [
        '/',
        '/.well-known/errors',
        '/.well-known/jwks.json',
        '/.well-known/agent-card.json',
        '/openapi.json',
        '/.well-known/delegation-issuers',
      ]) {
        for (let i = 0; i < 3; i++) {
          const res = await t.http().get(path);
          expect(res.status).toBe(200);
          expect(res.headers['ratelimit-limit']).toBeUndefined();
        }
      }
    });

    it('never limits the health probes', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await t.http().get('/healthz');
        expect(res.status).toBe(200);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    });
  });

  it('fails open, without RateLimit headers, when Redis does not answer', async () => {
    const t = await limitedApp();
    try {
      await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`).expect(200).expect('ratelimit-limit', '3');
      // The shared connection (rate limits, caches) goes away, as in a Redis outage.
      t.app.get<Redis>(REDIS).disconnect();
      for (let i = 0; i < 5; i++) {
        const res = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`);
        expect(res.status).toBe(200);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});
