import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv, { JSONSchemaType } from 'ajv';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { NEXT_ACTION_RELS } from '@hcs/contracts';
import { RECEIPT_CANONICAL_FORM } from '@hcs/domain';
import { RouteTable } from '../../../apps/api/src/discovery/route-table';
import { startTestApp, TestApp } from '../../support/test-app';

const weakEtag = (text: string) => {
  const bytes = Buffer.from(text);
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`;
};

// JSON Schemas written from the specification's field lists ("Discovery and health", "Agent card body").
const str = { type: 'string', minLength: 1 };
const url = { type: 'string', format: 'uri' };
const strings = { type: 'array', items: str };

const serviceIndexSchema = {
  type: 'object',
  required: ['name', 'description', 'version', 'links'],
  properties: {
    name: str,
    description: str,
    version: str,
    links: {
      type: 'object',
      required: ['agent_card', 'a2a_agent', 'ai_plugin', 'openapi_json', 'openapi_yaml', 'health', 'ready'],
      properties: Object.fromEntries(
        [
          'agent_card',
          'a2a_agent',
          'ai_plugin',
          'openapi_json',
          'openapi_yaml',
          'health',
          'ready',
          'oauth_authorization_server',
          'openid_configuration',
          'oauth_protected_resource',
          'acp_discovery',
        ].map((k) => [k, url]),
      ),
    },
  },
};

const agentCardSchema = {
  type: 'object',
  required: [
    'name',
    'description',
    'version',
    'protocol_version',
    'openapi_url',
    'ai_plugin_url',
    'docs_url',
    'error_catalog_url',
    'auth',
    'capabilities',
    'flows',
    'contracts',
  ],
  properties: {
    name: str,
    description: str,
    version: str,
    protocol_version: str,
    openapi_url: url,
    ai_plugin_url: url,
    docs_url: url,
    error_catalog_url: url,
    auth: {
      type: 'object',
      required: ['schemes'],
      properties: {
        schemes: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['type', 'name', 'required', 'description'],
            properties: { type: { enum: ['header', 'bearer', 'oauth2'] }, name: str, required: { type: 'boolean' }, description: str },
          },
        },
      },
    },
    capabilities: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'description', 'method', 'href', 'idempotent', 'next_rel'],
        properties: {
          id: str,
          description: str,
          method: { enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] },
          href: { type: 'string', pattern: '^/' },
          idempotent: { type: 'boolean' },
          next_rel: { anyOf: [{ enum: [...NEXT_ACTION_RELS] }, { type: 'null' }] },
        },
      },
    },
    flows: {
      type: 'array',
      items: { type: 'object', required: ['id', 'description', 'steps'], properties: { id: str, description: str, steps: { type: 'array', minItems: 1 } } },
    },
    contracts: {
      type: 'object',
      required: ['envelope', 'idempotency', 'trace_context', 'receipts', 'pagination', 'delegation'],
      properties: {
        envelope: {
          type: 'object',
          required: ['success_fields', 'error_fields', 'next_action_rels'],
          properties: { success_fields: strings, error_fields: strings, next_action_rels: strings },
        },
        idempotency: {
          type: 'object',
          required: ['body_field', 'header', 'scoped_endpoints', 'description'],
          properties: { body_field: str, header: str, scoped_endpoints: strings, description: str },
        },
        trace_context: {
          type: 'object',
          required: ['propagation', 'header', 'description'],
          properties: { propagation: { const: 'w3c-traceparent' }, header: { const: 'traceparent' }, description: str },
        },
        receipts: {
          type: 'object',
          required: ['algorithm', 'kinds', 'verify_endpoint', 'canonical_form', 'description'],
          properties: { algorithm: { const: 'HS256' }, kinds: strings, verify_endpoint: str, canonical_form: str, description: str },
        },
        pagination: {
          type: 'object',
          required: ['strategy', 'description'],
          properties: { strategy: { enum: ['complete', 'cursor', 'offset'] }, description: str },
        },
        delegation: {
          type: 'object',
          required: ['header', 'token_type', 'accepted_algorithms', 'required_claims', 'gated_routes', 'error_codes', 'description'],
          properties: {
            header: { const: 'X-Delegated-User' },
            token_type: { const: 'jwt' },
            accepted_algorithms: { const: ['RS256', 'ES256'] },
            required_claims: { const: ['iss', 'sub', 'aud', 'exp'] },
            gated_routes: { type: 'array', items: { type: 'object', required: ['method', 'href'], properties: { method: str, href: str } } },
            error_codes: {
              const: { missing_header: 'delegation_required', verification_failed: 'delegation_invalid', issuer_not_trusted: 'delegation_issuer_unknown' },
            },
            description: str,
          },
        },
      },
    },
  },
};

const aiPluginSchema = {
  type: 'object',
  required: [
    'schema_version',
    'name_for_human',
    'name_for_model',
    'description_for_human',
    'description_for_model',
    'auth',
    'api',
    'logo_url',
    'contact_email',
    'legal_info_url',
  ],
  properties: {
    schema_version: { const: 'v1' },
    name_for_human: str,
    name_for_model: str,
    description_for_human: str,
    description_for_model: str,
    auth: { type: 'object', required: ['type'], properties: { type: { enum: ['none', 'user_http', 'service_http'] }, authorization_type: str } },
    api: {
      type: 'object',
      required: ['type', 'url', 'is_user_authenticated'],
      properties: { type: { const: 'openapi' }, url, is_user_authenticated: { type: 'boolean' } },
    },
    logo_url: url,
    contact_email: { type: 'string', format: 'email' },
    legal_info_url: url,
  },
};

const a2aSchema = {
  type: 'object',
  required: [
    'name',
    'description',
    'url',
    'version',
    'provider',
    'documentationUrl',
    'iconUrl',
    'capabilities',
    'skills',
    'defaultInputModes',
    'defaultOutputModes',
    'authentication',
    'securitySchemes',
    'security',
  ],
  properties: {
    name: str,
    description: str,
    url,
    version: str,
    provider: { type: 'object', required: ['organization', 'url'], properties: { organization: str, url } },
    documentationUrl: url,
    iconUrl: url,
    capabilities: {
      type: 'object',
      required: ['streaming', 'pushNotifications', 'stateTransitionHistory'],
      properties: { streaming: { type: 'boolean' }, pushNotifications: { type: 'boolean' }, stateTransitionHistory: { type: 'boolean' } },
    },
    skills: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'name', 'description', 'tags', 'examples', 'inputModes', 'outputModes'],
        properties: { id: str, name: str, description: str, tags: strings, examples: strings, inputModes: strings, outputModes: strings },
      },
    },
    defaultInputModes: strings,
    defaultOutputModes: strings,
    authentication: { type: 'object', required: ['schemes'], properties: { schemes: strings } },
    securitySchemes: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { enum: ['http', 'apiKey', 'oauth2'] },
          scheme: str,
          bearerFormat: str,
          in: { enum: ['header', 'query', 'cookie'] },
          name: str,
          description: str,
        },
      },
    },
    security: { type: 'array', items: { type: 'object' } },
  },
};

const acpSchema = {
  type: 'object',
  required: ['protocol', 'api_base_url', 'transports', 'transport_endpoints', 'capabilities'],
  properties: {
    protocol: { type: 'object', required: ['name', 'version'], properties: { name: { const: 'acp' }, version: str } },
    api_base_url: url,
    transports: { type: 'array', minItems: 1, items: { enum: ['https+json', 'mcp'] } },
    transport_endpoints: { type: 'object', additionalProperties: url },
    capabilities: {
      type: 'object',
      required: ['services'],
      properties: { services: { type: 'array', minItems: 1, items: { enum: ['catalog', 'pricing', 'reservation', 'booking'] } } },
    },
    documentation_url: url,
    agent_card_url: url,
    openapi_url: url,
    supported_versions: strings,
  },
};

const linksetSchema = {
  type: 'object',
  required: ['linkset'],
  properties: {
    linkset: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['anchor', 'service-desc', 'service-doc'],
        properties: { anchor: url },
        additionalProperties: { type: 'array', items: { type: 'object', required: ['href'], properties: { href: url, type: str } } },
      },
    },
  },
};

describe('discovery documents', () => {
  let t: TestApp;
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  const valid = (schema: object, body: unknown) => {
    const validate = ajv.compile(schema as JSONSchemaType<unknown>);
    const ok = validate(body);
    return ok ? [] : validate.errors;
  };

  beforeAll(async () => {
    t = await startTestApp({ BASE_URL: 'https://api.hotels.example', MCP_URL: 'https://mcp.hotels.example', SITE_URL: 'https://hotels.example' });
  });
  afterAll(() => t.close());

  it.each([
    ['/', serviceIndexSchema],
    ['/.well-known/agent-card.json', agentCardSchema],
    ['/.well-known/ai-plugin.json', aiPluginSchema],
    ['/.well-known/agent.json', a2aSchema],
    ['/.well-known/acp.json', acpSchema],
  ])('%s is public, bare and valid against its documented schema', async (path, schema) => {
    const res = await t.http().get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(res.body.data).toBeUndefined();
    expect(valid(schema, res.body)).toEqual([]);
  });

  it.each([
    ['/', 'application/json; charset=utf-8'],
    ['/.well-known/agent-card.json', 'application/json; charset=utf-8'],
    ['/.well-known/ai-plugin.json', 'application/json; charset=utf-8'],
    ['/.well-known/acp.json', 'application/json; charset=utf-8'],
    ['/.well-known/api-catalog', 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"; charset=utf-8'],
  ])('%s answers the same bytes with the ETag Express gives them, and 304 to If-None-Match', async (path, contentType) => {
    const first = await t.http().get(path);
    const second = await t.http().get(path);
    expect(first.headers['content-type']).toBe(contentType);
    expect(second.text).toBe(first.text);
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    // Express's default `etag fn`: a weak ETag of the body's bytes (length and SHA-1, as the etag package writes it).
    expect(first.headers.etag).toBe(weakEtag(first.text));
    expect(second.headers.etag).toBe(first.headers.etag);
    const cached = await t.http().get(path).set('If-None-Match', first.headers.etag);
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    const head = await t.http().head(path);
    expect([head.status, head.headers.etag, head.headers['content-length']]).toEqual([200, first.headers.etag, first.headers['content-length']]);
  });

  it('links everything from the service index with absolute URLs on BASE_URL', async () => {
    const res = await t.http().get('/');
    for (const link of Object.values(res.body.links) as string[]) expect(link.startsWith('https://api.hotels.example/')).toBe(true);
    expect(res.body.links.acp_discovery).toBe('https://api.hotels.example/.well-known/acp.json');
  });

  it('serves the RFC 9727 API catalog as a linkset', async () => {
    const res = await t.http().get('/.well-known/api-catalog');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const body = JSON.parse(res.text);
    expect(valid(linksetSchema, body)).toEqual([]);
    expect(body.linkset[0]['service-desc'][0].href).toBe('https://api.hotels.example/openapi.json');
  });

  it('generates agent card capabilities from the served routes, and keeps the contracts', async () => {
    const card = (await t.http().get('/.well-known/agent-card.json')).body;
    const routes = t.app.get(RouteTable).capabilities();
    expect(card.capabilities.map((c: { id: string }) => c.id)).toEqual(routes.map((r) => r.capability.id));
    expect(card.capabilities).toContainEqual({
      id: 'search',
      description: expect.any(String),
      method: 'POST',
      href: '/v1/search',
      idempotent: true,
      next_rel: 'quote',
    });
    expect(card.capabilities).toContainEqual(expect.objectContaining({ id: 'get_property', method: 'GET', href: '/v1/properties/{id}' }));
    // Every capability is a route the OpenAPI document describes.
    const openapi = (await t.http().get('/openapi.json')).body;
    for (const c of card.capabilities) expect(openapi.paths[c.href]?.[c.method.toLowerCase()]).toBeDefined();
    // The booking chain's capabilities, with the rel of the first next action each answer carries.
    const chain = [
      { id: 'create_quote', method: 'POST', href: '/v1/quotes', idempotent: false, next_rel: 'create_hold' },
      { id: 'create_hold', method: 'POST', href: '/v1/holds', idempotent: true, next_rel: 'confirm' },
      { id: 'release_hold', method: 'POST', href: '/v1/holds/{id}/release', idempotent: false, next_rel: 'requote' },
      { id: 'confirm_booking', method: 'POST', href: '/v1/bookings', idempotent: true, next_rel: 'get' },
      { id: 'get_booking', method: 'GET', href: '/v1/bookings/{id}', idempotent: true, next_rel: 'cancel' },
      { id: 'cancel_booking', method: 'POST', href: '/v1/bookings/{id}/cancel', idempotent: true, next_rel: 'get_refund' },
      { id: 'get_booking_audit', method: 'GET', href: '/v1/bookings/{id}/audit', idempotent: true, next_rel: 'get' },
      { id: 'get_refund', method: 'GET', href: '/v1/refunds/{id}', idempotent: true, next_rel: 'get' },
      { id: 'verify_receipt', method: 'POST', href: '/v1/receipts/verify', idempotent: true, next_rel: null },
      { id: 'preview_cancellation', method: 'GET', href: '/v1/bookings/{id}/cancellation-preview', idempotent: true, next_rel: 'cancel' },
      { id: 'modify_booking', method: 'POST', href: '/v1/bookings/{id}/modify', idempotent: true, next_rel: 'cancel' },
    ];
    for (const c of chain) expect(card.capabilities).toContainEqual({ ...c, description: expect.any(String) });
    // Ids are unique, and no admin or identity route is an agent capability.
    const ids = card.capabilities.map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(card.capabilities.filter((c: { href: string }) => c.href.startsWith('/v1/admin') || !c.href.startsWith('/v1/'))).toEqual([]);

    expect(card.flows.map((f: { id: string }) => f.id)).toEqual(['book_a_room', 'cancel_with_refund']);
    const steps = (i: number) => card.flows[i].steps.map((s: { capability: string }) => s.capability);
    expect(steps(0)).toEqual(['search', 'get_property', 'create_quote', 'create_hold', 'confirm_booking', 'find_booking', 'get_booking']);
    expect(steps(1)).toEqual(['get_booking', 'preview_cancellation', 'cancel_booking', 'get_refund', 'verify_receipt']);
    // Every step is a served capability, with its method and path.
    for (const flow of card.flows) {
      for (const step of flow.steps) {
        const served = card.capabilities.find((c: { id: string }) => c.id === step.capability);
        expect({ capability: step.capability, served: served !== undefined }).toEqual({ capability: step.capability, served: true });
        expect(step).toMatchObject({ method: served.method, href: served.href });
      }
    }
    expect(card.contracts.idempotency).toMatchObject({
      body_field: 'idempotency_key',
      header: 'Idempotency-Key',
      scoped_endpoints: [
        'POST /v1/holds',
        'POST /v1/bookings',
        'POST /v1/bookings/{id}/cancel',
        'POST /v1/bookings/{id}/rooms/{room}/cancel',
        'POST /v1/bookings/{id}/modify',
        'POST /v1/admin/bookings/{id}/refunds',
        'POST /v1/bookings/{id}/follow-ups',
      ],
    });
    expect(card.contracts.receipts).toMatchObject({
      verify_endpoint: '/v1/receipts/verify',
      canonical_form: RECEIPT_CANONICAL_FORM,
      kinds: ['booking_confirmed', 'booking_cancelled', 'refund_issued'],
    });
    expect(card.contracts.pagination.strategy).toBe('cursor');
    expect(card.contracts.delegation.gated_routes).toEqual([
      { method: 'POST', href: '/v1/bookings' },
      { method: 'POST', href: '/v1/bookings/{id}/cancel' },
      { method: 'POST', href: '/v1/bookings/{id}/rooms/{room}/cancel' },
      { method: 'GET', href: '/v1/bookings/{id}/cancellation-preview' },
      { method: 'POST', href: '/v1/bookings/{id}/modify' },
      { method: 'POST', href: '/v1/bookings/{id}/follow-ups' },
    ]);
    expect(card.contracts.envelope.next_action_rels).toEqual([...NEXT_ACTION_RELS]);
  });

  it('describes the A2A security schemes and the ACP transports', async () => {
    const a2a = (await t.http().get('/.well-known/agent.json')).body;
    expect(a2a.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(a2a.securitySchemes.tenant).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Tenant-Id' });
    const acp = (await t.http().get('/.well-known/acp.json')).body;
    expect(acp.transport_endpoints).toEqual({ 'https+json': 'https://api.hotels.example/v1', mcp: 'https://mcp.hotels.example/mcp' });
    expect(acp.capabilities.services).toEqual(['catalog', 'pricing', 'reservation', 'booking']);
    expect(acp.supported_versions).toContain(acp.protocol.version);
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is valid OpenAPI, version 0.0.0, with the envelopes as shared components and both security schemes', async () => {
    const res = await t.http().get('/openapi.json');
    expect(res.status).toBe(200);
    const document = res.body;
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    expect(document.info.version).toBe('0.0.0');
    expect(document.components.schemas.ErrorEnvelopeModel.properties.error.$ref).toBe('#/components/schemas/ErrorBodyModel');
    expect(document.components.schemas.SuccessEnvelopeModel).toBeDefined();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.tenant).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Tenant-Id' });
  });

  it('lists exactly the routes the app serves, each with responses, errors and request schemas', async () => {
    const document = (await t.http().get('/openapi.json')).body;
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The Express router is the ground truth of what is served.
    const router = t.app.getHttpAdapter().getInstance().router as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    // Wildcard layers are middleware mounts (request context), not API routes.
    const served = router.stack
      .filter((layer) => layer.route && !layer.route.path.includes('*'))
      .flatMap((layer) =>
        Object.keys(layer.route!.methods)
          .filter((m) => m !== '_all')
          .map((m) => `${m.toUpperCase()} ${layer.route!.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
      );
    expect(served.length).toBeGreaterThan(20);
    expect([...new Set(documented)].sort()).toEqual([...new Set(served)].sort());

    for (const [path, item] of Object.entries(
      document.paths as Record<
        string,
        Record<
          string,
          {
            responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
            requestBody?: { content: Record<string, { schema: unknown }> };
            security?: unknown[];
          }
        >
      >,
    )) {
      for (const [method, op] of Object.entries(item)) {
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => s.startsWith('2'))).toBe(true);
        expect(op.responses['500']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelopeModel' });
        expect(op.security).toBeDefined();
        if (path.startsWith('/v1/')) {
          const success = op.responses[statuses.find((s) => s.startsWith('2'))!];
          expect(success.content?.['application/json']?.schema).toBeDefined();
          expect(op.responses['401']).toBeDefined();
          if (method === 'post' || method === 'put' || method === 'patch') {
            if (op.requestBody) expect(op.requestBody.content['application/json'].schema).toBeDefined();
          }
        }
      }
    }
    expect(document.paths['/v1/search'].post.requestBody.content['application/json'].schema.oneOf).toHaveLength(2);
    expect(document.paths['/v1/search'].post.security).toEqual([{ bearer: [] }, { tenant: [] }]);
    expect(document.paths['/v1/admin/properties'].post['x-principal-kinds']).toEqual(['admin']);
    expect(document.paths['/'].get.security).toEqual([]);
    expect(Object.keys(document.paths['/v1/properties/{id}'].get.responses['404'].content['application/json'].examples)).toEqual(['property_not_found']);
  });

  it('documents the identity and booking chain routes: models, headers, codes and the bare OAuth shapes', async () => {
    const document = (await t.http().get('/openapi.json')).body;
    type Param = { name: string; in: string; required?: boolean };
    const headers = (path: string, method: string) =>
      Object.fromEntries(
        ((document.paths[path][method].parameters ?? []) as Param[]).filter((p) => p.in === 'header').map((p) => [p.name, p.required === true]),
      );
    const dataRef = (path: string, method: string, status: string) =>
      document.paths[path][method].responses[status].content['application/json'].schema.allOf[1].properties.data.$ref;
    const codes = (path: string, method: string, status: string) =>
      Object.keys(document.paths[path][method].responses[status].content['application/json'].examples);

    // Idempotency-Key or client_reference (docs/booking-chain.md "After a timeout"): the header alone is not required
    expect(headers('/v1/bookings', 'post')).toEqual({ 'X-Tenant-Id': false, 'X-Delegated-User': true, 'Idempotency-Key': false, 'Sandbox-Scenario': false });
    expect(headers('/v1/bookings/{id}/cancel', 'post')).toEqual({
      'X-Tenant-Id': false,
      'X-Delegated-User': true,
      'Idempotency-Key': false,
      'Sandbox-Scenario': false,
    });
    expect(headers('/v1/holds', 'post')).toEqual({ 'X-Tenant-Id': false, 'Idempotency-Key': false, 'Sandbox-Scenario': false });
    expect(headers('/v1/admin/agents', 'post')).toEqual({ 'X-Tenant-Id': false });
    // A header is documented once, whatever its spelling.
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { parameters?: Param[] }>>)) {
      for (const [method, op] of Object.entries(item)) {
        const names = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
        expect({ route: `${method} ${path}`, names: [...new Set(names)] }).toEqual({ route: `${method} ${path}`, names });
      }
    }

    expect(dataRef('/v1/quotes', 'post', '201')).toBe('#/components/schemas/QuoteModel');
    expect(dataRef('/v1/bookings', 'post', '201')).toBe('#/components/schemas/BookingModel');
    expect(document.paths['/v1/bookings'].post.responses['201'].content['application/json'].schema.allOf[1].required).toEqual(['data', 'receipt']);
    expect(dataRef('/v1/admin/agents', 'post', '201')).toBe('#/components/schemas/AgentWithSecretModel');
    expect(dataRef('/v1/admin/delegation-issuers/{id}', 'get', '200')).toBe('#/components/schemas/DelegationIssuerModel');
    expect(codes('/v1/bookings', 'post', '409')).toEqual([
      'quote_mismatch',
      'hold_not_active',
      'authorization_required',
      'booking_authorization_invalid',
      'idempotency_conflict',
      'client_reference_conflict',
    ]);
    expect(codes('/v1/bookings', 'post', '504')).toEqual(['payment_timeout']);
    expect(codes('/v1/bookings', 'get', '404')).toEqual(['booking_not_found']);
    expect(codes('/v1/bookings/{id}/cancel', 'post', '401')).toEqual([
      'unauthenticated',
      'delegation_required',
      'delegation_invalid',
      'delegation_issuer_unknown',
    ]);
    expect(codes('/v1/holds', 'post', '403')).toEqual(['forbidden', 'principal_kind_not_allowed', 'resource_access_denied']);
    expect(document.components.schemas.BookingModel.required).toEqual(
      expect.arrayContaining(['booking_id', 'state', 'policy_snapshot', 'payment', 'traveler']),
    );

    const token = document.paths['/oauth/token'].post;
    expect(token.security).toEqual([]);
    expect(token.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TokenResponseModel' });
    expect(token.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/OAuthErrorModel' });
    expect(token.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/OAuthErrorModel' });
    expect(Object.keys(token.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(document.paths['/.well-known/oauth-authorization-server'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AuthorizationServerMetadataModel',
    });
    expect(document.paths['/.well-known/jwks.json'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/JwksModel',
    });
    // Public routes are rate limited per IP; the health probes are not.
    expect(token.responses['429']).toBeDefined();
    expect(document.paths['/healthz'].get.responses['429']).toBeUndefined();
  });

  it('serves the same document as YAML, and a browsable reference at /docs', async () => {
    const yaml = await t.http().get('/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    const { parse } = await import('yaml');
    expect(parse(yaml.text)).toEqual((await t.http().get('/openapi.json')).body);
    const docs = await t.http().get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.text).toContain('<code>/v1/search</code>');
    expect(docs.text).toContain('id="schema-SearchRequestDto"');
    const ui = await t.http().get('/docs/ui');
    expect(ui.status).toBe(200);
    const asset = await t.http().get('/docs/assets/swagger-ui.css');
    expect([200, 404]).toContain(asset.status);
    const forbidden = await t.http().get('/docs/assets/..%2Fpackage.json');
    expect(forbidden.status).toBe(404);
  });
});
