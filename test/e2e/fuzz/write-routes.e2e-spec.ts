import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { isErrorCode } from '@hcs/contracts';
import { createTenant, mintDelegation, TestTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';
import { hostileKey, hostileValue, mutate, Schema, SchemaContext, valid, withNul } from './schema-arbitrary';

/**
 * Issue 11 item 8 (docs/security.md "Fuzzing"): every write route of the OpenAPI document, with
 * bodies generated from its schema plus hostile mutations and hostile headers, as agent, admin,
 * another tenant's admin and agent, and anonymous callers. Never a 5xx, always a catalogued
 * error code, and a refused request writes nothing. FUZZ_RUNS sets the number of cases
 * (default 2000; nightly: FUZZ_RUNS=50000); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const OAUTH_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope', 'oauth_not_configured']);
/** Tables a request of the fuzz tenants could write to (idempotency records of sealed refusals are allowed). */
const TABLES = [
  'principals',
  'credentials',
  'delegation_issuers',
  'properties',
  'policies',
  'room_types',
  'rate_plans',
  'daily_rates',
  'stay_restrictions',
  'inventory_nights',
  'fx_rates',
  'quotes',
  'holds',
  'booking_authorizations',
  'bookings',
  'payment_attempts',
  'payments',
  'refunds',
  'audit_events',
];

interface Operation {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: string;
  schema: Schema | null;
}

type Principal = 'agent' | 'admin' | 'other_admin' | 'other_agent' | 'anonymous';

describe('fuzzing every write route', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let agent: ChainAgent;
  let otherAgent: ChainAgent;
  let catalog: ChainCatalog;
  let operations: Operation[];
  let ctx: SchemaContext;
  let db: DataSource;
  let delegation: string;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    otherAgent = await createChainAgent(t.app, other.tenantId);
    const victim = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    db = t.app.get(DataSource);
    delegation = await mintDelegation(t.app, { sub: 'fuzz-traveler', tenantId: tenant.tenantId });
    const document = (await t.http().get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
      components: { schemas: Record<string, Schema> };
    };
    operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method as Operation['method'], path, schema: op.requestBody?.content?.['application/json']?.schema ?? null })),
    );
    ctx = {
      components: document.components.schemas,
      ids: [catalog.propertyId, catalog.roomTypeId, catalog.freePlanId, catalog.nonRefundablePlanId, victim.agentId],
    };
  });
  afterAll(() => t.close());

  async function counts(): Promise<Record<string, number>> {
    const select = TABLES.map((table) => `(SELECT count(*)::int FROM ${table} WHERE tenant_id = ANY($1)) AS ${table}`).join(', ');
    const [row] = (await db.query(`SELECT ${select}`, [[tenant.tenantId, other.tenantId]])) as Array<Record<string, number>>;
    return row;
  }

  // Header values a client can send at all (Node refuses control characters and non-Latin-1).
  const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

  const pathParam = fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom('__ids__') },
    { weight: 2, arbitrary: fc.constantFrom('not-a-uuid', '..', '%00', 'FLEX', 'nonref', '0', '-1', 'x'.repeat(300), '00000000-0000-0000-0000-000000000000') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
  );

  const headers = fc.record(
    {
      idempotencyKey: fc.oneof(
        fc.uuid(),
        fc.constantFrom('', ' ', 'k'.repeat(300), 'k'.repeat(5_000), 'a b', '"quoted"', '\t', 'k\u00e9y'),
        fc.string({ unit: printable, minLength: 1, maxLength: 50 }),
      ),
      delegated: fc.oneof(
        fc.constant('__valid__'),
        fc.constantFrom('', 'Bearer ', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'x'.repeat(9_000), 'Bearer Bearer x', '....'),
        fc.string({ unit: printable, maxLength: 80 }),
      ),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-16',
        'application/merge-patch+json',
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
      ),
      tenantHint: fc.oneof(fc.constant(null), fc.uuid(), fc.constantFrom('__own__', '__other__', 'not-a-uuid')),
    },
    { requiredKeys: ['contentType'] },
  );

  const bodyMode = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'valid' as const }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('value' as const), path: fc.array(fc.nat(), { maxLength: 4 }), value: hostileValue }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('key' as const), path: fc.array(fc.nat(), { maxLength: 3 }), key: hostileKey, value: hostileValue }),
    },
    // A NUL character inside an otherwise valid string (Postgres refuses U+0000 in text).
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('nul' as const), pick: fc.nat(), at: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        raw: fc.constantFrom('{', '[]', 'null', '"x"', '1e999', '{"a":1,"a":2}', '\u0000', 'x'.repeat(300_000)),
      }),
    },
  );

  function bearer(principal: Principal): string | null {
    return { agent: agent.apiKey, admin: tenant.adminKey, other_admin: other.adminKey, other_agent: otherAgent.apiKey, anonymous: null }[principal];
  }

  it(
    `never answers 5xx, always with a catalogued code, and refused requests write nothing (${RUNS} cases)`,
    async () => {
      const seen = new Map<string, number>();
      let baseline: Record<string, number> | null = null;
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.constantFrom<Principal>('agent', 'admin', 'other_admin', 'other_agent', 'anonymous'),
          pathParam,
          pathParam,
          headers,
          bodyMode,
          fc.nat(),
          async (opIndex, principal, param1, param2, h, mode, bodySeed) => {
            const op = operations[opIndex % operations.length];
            const params = [param1, param2].map((p) => (p === '__ids__' ? ctx.ids[bodySeed % ctx.ids.length] : p));
            let n = 0;
            const url = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[n++ % 2]));
            const generated = op.schema ? fc.sample(valid(op.schema, ctx), { numRuns: 1, seed: bodySeed })[0] : {};
            const nulBody = mode.kind === 'nul' ? withNul(generated, mode.pick, mode.at) : null;
            const body =
              mode.kind === 'valid'
                ? JSON.stringify(generated)
                : mode.kind === 'nul'
                  ? JSON.stringify(nulBody ?? generated)
                  : mode.kind === 'raw'
                    ? mode.raw
                    : JSON.stringify(mutate(generated, mode.path, mode.value, mode.kind === 'key' ? mode.key : null));

            let req = t.http()[op.method](url);
            const key = bearer(principal);
            if (key) req = req.set('Authorization', `Bearer ${key}`);
            if (h.tenantHint)
              req = req.set('X-Tenant-Id', h.tenantHint === '__own__' ? tenant.tenantId : h.tenantHint === '__other__' ? other.tenantId : h.tenantHint);
            if (h.idempotencyKey !== undefined) req = req.set('Idempotency-Key', h.idempotencyKey);
            if (h.delegated !== undefined) req = req.set('X-Delegated-User', h.delegated === '__valid__' ? delegation : h.delegated);
            if (h.contentType) req = req.set('Content-Type', h.contentType);

            // Only this spec writes to the fuzz tenants: the last case's counts are this one's "before".
            const before = baseline ?? (await counts());
            const res = await req.send(body);
            const after = await counts();
            baseline = after;
            const label = `${op.method.toUpperCase()} ${op.path} as ${principal}`;
            seen.set(label.split(' as ')[0], (seen.get(label.split(' as ')[0]) ?? 0) + 1);

            if (res.status >= 500) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)} for ${body.slice(0, 300)}`);
            // A NUL in a JSON body is refused before anything else looks at it (a JSON media type only;
            // MCP answers it as a tool error inside a JSON-RPC success, checked in nul-bytes.e2e-spec.ts).
            if (nulBody !== null && h.contentType === 'application/json' && op.path !== '/mcp') {
              const code = (res.body as { error?: { code?: string } | string }).error;
              const refused =
                res.status === 400 &&
                (op.path === '/oauth/token' ? code === 'invalid_request' : typeof code === 'object' && code?.code === 'validation_failed');
              if (!refused) throw new Error(`${label}: a NUL character got ${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${body.slice(0, 300)}`);
            }
            if (res.status >= 400) {
              const error = (res.body as { error?: unknown }).error;
              const code = typeof error === 'object' && error !== null ? (error as { code?: string | number }).code : error;
              // /mcp speaks JSON-RPC: a transport-level refusal (e.g. a missing Accept) is a JSON-RPC error
              // (docs/mcp.md); tool failures are enveloped inside successful JSON-RPC answers.
              const jsonRpc = op.path === '/mcp' && (res.body as { jsonrpc?: string }).jsonrpc === '2.0' && typeof code === 'number';
              const known = jsonRpc || (typeof code === 'string' && (isErrorCode(code) || (op.path === '/oauth/token' && OAUTH_ERRORS.has(code))));
              if (!known) throw new Error(`${label}: uncatalogued error ${JSON.stringify(res.body).slice(0, 300)}`);
              const written = TABLES.filter((table) => after[table] !== before[table]);
              if (written.length > 0) throw new Error(`${label}: refused with ${String(code)} but wrote to ${written.join(', ')}`);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // Every write route was tried.
      expect([...seen.keys()].sort()).toEqual(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort());
    },
    Math.max(120_000, RUNS * 100),
  );
});
