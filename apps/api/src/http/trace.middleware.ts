import type { IncomingMessage, ServerResponse } from 'node:http';
import { continueTrace, formatTraceparent, TraceContext } from '@hcs/platform';

export interface TracedRequest extends IncomingMessage {
  traceContext: TraceContext;
}

/**
 * First middleware of the app: continues the caller's W3C trace (or starts one) and answers with
 * our own `traceparent`, so every response, even a 404 or a body-parser failure, carries it.
 */
export function traceMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const context = continueTrace(req.headers.traceparent);
  (req as TracedRequest).traceContext = context;
  res.setHeader('traceparent', formatTraceparent(context));
  next();
}
