import { SeedRepository } from '@hcs/domain';
import { BENCH_CITIES } from '../../../apps/cli/src/seed/bench-cities';
import { feedIsolation } from '../../../bench/lib/feed-isolation';
import { createChainAgent, createChainCatalog } from '../../support/chain-fixtures';
import { createTenant } from '../../support/factories';
import { ApiProcess, startApiProcess } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/** Large enough that a render is hundreds of ms of the api's CPU, small enough for the suite. */
const PROPERTIES = 250;
/**
 * The bench holds the real bound (loaded p99 ≤ 3 × idle p99, docs/security.md) on a quiet
 * machine; the suite shares its cores with other work, so it allows 5 × and 60 ms of slack. A
 * render per request (no shared copy, no single flight) misses even this by far.
 */
const ALLOWED = (idleP99: number) => Math.max(5 * idleP99, idleP99 + 60);

/**
 * One retry: the suite runs two test files at once, and a neighbour that boots a cluster of
 * processes can stall this api for seconds (seen once: a single 2.6 s stall in the loaded window).
 * A render per request misses the bound on every attempt, so the retry hides no regression.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });

/**
 * Anonymous feed renders cannot starve other tenants (docs/security.md): 20 concurrent requests for
 * an ARI feed nobody has rendered yet, from one address, while another tenant reads a property.
 * A built api process, so the measuring client does not share its event loop.
 */
describe('20 concurrent uncached feed requests beside another tenant', () => {
  let setup: TestApp;
  let api: ApiProcess;
  let feedTenant: string;
  let reader: { apiKey: string; propertyId: string };

  beforeAll(async () => {
    setup = await startTestApp();
    feedTenant = (await createTenant(setup.app)).tenantId;
    await setup.app.get(SeedRepository, { strict: false }).insertBenchCatalog(feedTenant, PROPERTIES, BENCH_CITIES);
    const other = (await createTenant(setup.app)).tenantId;
    reader = { apiKey: (await createChainAgent(setup.app, other)).apiKey, propertyId: (await createChainCatalog(setup.app, other)).propertyId };
    api = await startApiProcess({ LOG_LEVEL: 'silent', RATE_LIMIT_ANON_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '1000000' });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await setup?.close();
  });

  it('keeps the other tenant’s GET /v1/properties/{id} p99 near its idle value', async () => {
    const result = await feedIsolation({
      feedUrl: `${api.baseUrl}/feeds/google/ari.xml?tenant_id=${feedTenant}&days=90`,
      readUrl: `${api.baseUrl}/v1/properties/${reader.propertyId}`,
      readHeaders: { authorization: `Bearer ${reader.apiKey}` },
      feeds: 20,
      idleMs: 2000,
    });
    process.stderr.write(`feed isolation: ${JSON.stringify(result)}\n`);
    expect(result.feed_statuses).toEqual(Array(20).fill(200));
    expect(result.loaded.p99_ms).toBeLessThanOrEqual(ALLOWED(result.idle.p99_ms));
  }, 180_000);
});
