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
