import type { IncomingMessage, ServerResponse } from 'node:http';

type Next = (err?: unknown) => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Middleware = (req: any, res: any, next: Next) => void;

/**
 * Several global middlewares as one Express layer, run in order; an error skips the rest and goes
 * to Express's error handling, as between layers. Each router layer costs a match and a dispatch
 * per request, so pieces every request passes through share one (docs/performance.md).
 */
export function middlewareChain(...pieces: Middleware[]) {
  return (req: IncomingMessage, res: ServerResponse, done: Next): void => {
    let index = 0;
    const step: Next = (err) => {
      if (err !== undefined && err !== null) return done(err);
      const piece = pieces[index++];
      if (piece === undefined) return done();
      piece(req, res, step);
    };
    step();
  };
}

/**
 * A piece that runs only under `prefix`, matched as Express matches `app.use(prefix, …)`: the path
 * (without the query) is the prefix or continues it with `/`, letters in any case. The piece sees
 * the full `req.url` (none of ours reads the mount-relative one).
 */
export function mountedAt(prefix: string, piece: Middleware): Middleware {
  const lower = prefix.toLowerCase();
  return (req, res, next) => {
    const url: string = req.url ?? '';
    const end = url.indexOf('?');
    const path = (end < 0 ? url : url.slice(0, end)).toLowerCase();
    if (path === lower || path.startsWith(`${lower}/`)) return piece(req, res, next);
    next();
  };
}
