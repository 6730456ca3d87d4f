import { ApplicationConfig } from '@nestjs/core';
import { ERROR_CATALOG, ERROR_CODES } from '@hcs/contracts';
import { ProbeModule } from '../../support/probe.module';
import { startTestApp, TestApp } from '../../support/test-app';

const ERROR_FIELDS = ['code', 'message', 'detail', 'remediation', 'retry_after', 'docs_url', 'trace_id', 'next_actions'];

describe('the envelope pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, [ProbeModule]);
  });
  afterAll(() => t.close());

  it('wraps success in {data, trace_id, next_actions}', async () => {
    const res = await t.http().get('/healthz');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'next_actions', 'trace_id']);
    expect(res.body.data).toEqual({ status: 'ok', service: 'hospitality-commerce-service', timestamp: expect.any(String) });
    expect(res.body.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.next_actions).toEqual([]);
  });

  it('keeps the trace id of an incoming traceparent in body and header', async () => {
    const res = await t.http().get('/healthz').set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(res.body.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(res.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(res.headers.traceparent).not.toContain('00f067aa0ba902b7');
  });

  it('starts a new trace for a missing or invalid traceparent and reports the same id everywhere', async () => {
    for (const header of [undefined, 'nonsense']) {
      const req = t.http().get('/nope');
      const res = header ? await req.set('traceparent', header) : await req;
      expect(res.body.error.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(res.headers.traceparent).toBe(`00-${res.body.error.trace_id}-${res.headers.traceparent.split('-')[2]}-01`);
    }
  });

  it('answers an unknown route with not_found and every error field', async () => {
    const res = await t.http().get('/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(Object.keys(res.body.error).sort()).toEqual([...ERROR_FIELDS].sort());
    expect(res.body.error).toMatchObject({ code: 'not_found', retry_after: null, detail: {}, next_actions: [] });
    expect(res.body.error.docs_url).toBe(`${t.config.docsUrl}/errors#not_found`);
  });

  // Every code's status and fields are a rule of renderError, unit-tested there; over HTTP, one code
  // of each catalogued status shows the filter sends that status with the envelope.
  const ONE_CODE_PER_STATUS = ERROR_CODES.filter((code, i) => ERROR_CODES.findIndex((c) => ERROR_CATALOG[c].status === ERROR_CATALOG[code].status) === i);

  it.each(ONE_CODE_PER_STATUS)('renders %s with its catalogued status', async (code) => {
    const res = await t.http().get(`/__probe/fail/${code}`);
    expect(res.status).toBe(ERROR_CATALOG[code].status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.remediation).toBe(ERROR_CATALOG[code].remediation);
    expect(res.body.error.detail).toEqual({ probe: true });
  });

  it('sends Retry-After with retry_after', async () => {
    const res = await t.http().get('/__probe/fail/rate_limited');
    expect(res.body.error.retry_after).toBe(7);
    expect(res.headers['retry-after']).toBe('7');
  });

  it('turns an unexpected exception into internal_error without leaking it', async () => {
    const res = await t.http().get('/__probe/crash');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('refuses to guess an envelope around a handler result that is not an Outcome', async () => {
    const res = await t.http().get('/__probe/plain');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
  });

  it('runs the route-flags guard last, after the three authentication guards (the replica opens only after them), and the envelope as the interceptor', () => {
    const config = t.app.get(ApplicationConfig);
    // nestjs-cls registers a pass-through guard and interceptor of its own (plain objects).
    const named = (enhancers: object[]) => enhancers.map((e) => e.constructor.name).filter((name) => name !== 'Object');
    expect(named(config.getGlobalGuards())).toEqual(['BearerAuthGuard', 'RateLimitGuard', 'DelegationGuard', 'RouteFlagsGuard']);
    expect(named(config.getGlobalInterceptors())).toEqual(['EnvelopeInterceptor']);
  });

  it('rejects a body over 256 KB with payload_too_large', async () => {
    const res = await t
      .http()
      .post('/__probe/validate')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ note: 'x'.repeat(300 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('rejects a non-JSON body with unsupported_media_type', async () => {
    const res = await t.http().post('/__probe/validate').set('content-type', 'text/plain').send('hello');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });
});
