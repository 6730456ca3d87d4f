import type { IncomingMessage, ServerResponse } from 'node:http';
import { middlewareChain, mountedAt } from './middleware-chain';

const req = {} as IncomingMessage;
const res = {} as ServerResponse;

describe('middlewareChain', () => {
  it('runs every piece in order, then hands over to the next layer once', () => {
    const seen: string[] = [];
    const done = jest.fn();
    middlewareChain(
      (_q, _s, next) => (seen.push('a'), next()),
      (_q, _s, next) => (seen.push('b'), next()),
    )(req, res, done);
    expect(seen).toEqual(['a', 'b']);
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith();
  });

  it('stops at the first error and passes it on, as between Express layers', () => {
    const error = new Error('refused');
    const after = jest.fn();
    const done = jest.fn();
    middlewareChain((_q, _s, next) => next(error), after)(req, res, done);
    expect(after).not.toHaveBeenCalled();
    expect(done).toHaveBeenCalledWith(error);
  });

  it('waits for a piece that answers later, and never continues for one that answered itself', async () => {
    const done = jest.fn();
    const last = jest.fn();
    middlewareChain((_q, _s, next) => void setImmediate(() => next()), last)(req, res, done);
    expect(last).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(last).toHaveBeenCalledTimes(1);
    expect(done).not.toHaveBeenCalled();
  });
});

describe('mountedAt', () => {
  const seen = (url: string) => {
    let ran = false;
    let passed = false;
    mountedAt('/v1', (_req, _res, next) => {
      ran = true;
      next();
    })({ url }, {}, () => (passed = true));
    return { ran, passed };
  };

  it('runs its piece where Express would mount it: the prefix itself or below it, any case, any query', () => {
    for (const url of ['/v1', '/v1/', '/v1/quotes', '/V1/Quotes?x=1', '/v1?x=/y']) expect([url, seen(url)]).toEqual([url, { ran: true, passed: true }]);
  });

  it('passes every other path by', () => {
    for (const url of ['/', '/v10', '/v1x/y', '/api/v1', '/x?/v1/']) expect([url, seen(url)]).toEqual([url, { ran: false, passed: true }]);
  });
});
