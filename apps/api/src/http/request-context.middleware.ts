import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '@hcs/platform';
import type { TracedRequest } from './trace.middleware';

/**
 * Opens the request's async-local context (trace id for use cases, audit and logs; the replica
 * and transaction state of persistence) after the trace middleware parsed `traceparent`. One
 * synchronous AsyncLocalStorage run per request (docs/performance.md).
 */
export function requestContextMiddleware(context: RequestContext) {
  return (req: IncomingMessage, _res: ServerResponse, next: () => void): void => {
    context.runForRequest((req as Partial<TracedRequest>).traceContext?.traceId, next);
  };
}
