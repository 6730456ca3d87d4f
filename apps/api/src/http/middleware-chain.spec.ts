import type { IncomingMessage, ServerResponse } from 'node:http';
import { middlewareChain } from './middleware-chain';

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
