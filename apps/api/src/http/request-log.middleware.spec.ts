import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import pinoHttp from 'pino-http';
import { pinoHttpOptions } from '@hcs/platform';
import { LazyRequestStore, requestLogMiddleware, requestLogStorage } from './request-log.middleware';

/** A root logger configured as the api's (pino-http over LoggingModule's options), writing to `lines`. */
function rootLogger(lines: string[]) {
  return pinoHttp(pinoHttpOptions('info', 'svc', { write: (line: string) => lines.push(line) })).logger;
}

function exchange(headers: Record<string, string>, status: number, responseHeaders: Record<string, string | string[]>) {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = '/v1/holds?x=1';
  req.headers = headers;
  const res = new ServerResponse(req);
  res.statusCode = status;
  for (const [name, value] of Object.entries(responseHeaders)) res.setHeader(name, value);
  Object.defineProperty(res, 'headersSent', { value: true });
  Object.defineProperty(res, 'writableEnded', { value: true });
  return { req, res };
}

const withoutTime = (line: string) => line.replace(/"time":\d+,/, '').replace(/"responseTime":\d+/, '"responseTime":0');

describe('the request line', () => {
  const headers = {
    host: 'api.example',
    authorization: 'Bearer hcs_live_secret',
    'x-delegated-user': 'eyJ.secret.jwt',
    cookie: 'session=secret',
    'x-api-key': 'hcs_key_secret',
    'content-type': 'application/json',
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  };

  it.each([
    ['answered', 201, {}],
    ['with a cookie set', 200, { 'set-cookie': ['a=secret', 'b=secret'] }],
    ['failed', 503, { 'retry-after': '1' }],
  ])('is the line the root logger writes for req and res, byte for byte (%s)', (_name, status, extra) => {
    const ours: string[] = [];
    const { req, res } = exchange(headers, status, { 'content-type': 'application/json', 'x-request-id': 'r1', ...extra });
    Object.assign(req, { traceContext: { traceId: 'abc' }, actor: { tenantId: 't1', principalId: 'p1', kind: 'agent' } });
    requestLogMiddleware(rootLogger(ours))(req, res, () => undefined);
    res.emit('finish');

    const theirs: string[] = [];
    const root = rootLogger(theirs);
    const line = { req, trace_id: 'abc', tenant_id: 't1', principal_id: 'p1', principal_kind: 'agent', res, responseTime: 0 };
    if (status >= 500) root.info({ ...line, err: new Error(`failed with status code ${status}`) }, 'request errored');
    else root.info(line, 'request completed');

    expect(ours).toHaveLength(1);
    const strip = (l: string) => withoutTime(l).replace(/"stack":"[^"]*"/, '"stack":""');
    expect(strip(ours[0])).toBe(strip(theirs[0]));
    for (const secret of ['hcs_live_secret', 'eyJ.secret.jwt', 'session=secret', 'hcs_key_secret', 'a=secret']) expect(ours[0]).not.toContain(secret);
  });
});

describe("the request's log store", () => {
  const storeOf = (req: IncomingMessage, res: ServerResponse, lines: string[]) => {
    let store: LazyRequestStore | undefined;
    requestLogMiddleware(rootLogger(lines))(req, res, () => {
      store = requestLogStorage.getStore() as LazyRequestStore;
    });
    return store!;
  };

  it('lets go of the request once it is answered, and a later log binds the same fields', () => {
    const logged = (late: boolean) => {
      const lines: string[] = [];
      const { req, res } = exchange({ host: 'api.example', authorization: 'Bearer hcs_live_secret' }, 200, {});
      Object.assign(req, { traceContext: { traceId: 'abc' }, actor: { tenantId: 't1', principalId: 'p1', kind: 'agent' } });
      const store = storeOf(req, res, lines);
      if (!late) store.logger.warn('late');
      res.emit('finish');
      if (late) {
        expect(Object.values(store)).not.toContain(req);
        store.logger.warn('late');
      }
      return withoutTime(lines.find((l) => l.includes('"msg":"late"'))!);
    };
    const late = logged(true);
    expect(late).toBe(logged(false));
    expect(JSON.parse(late)).toMatchObject({ req: { method: 'POST', url: '/v1/holds?x=1' }, trace_id: 'abc', tenant_id: 't1', principal_id: 'p1' });
    expect(late).not.toContain('hcs_live_secret');
  });
});
