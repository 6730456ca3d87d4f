import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { redactedHeaderNames, redactHeaders } from '@hcs/platform';
import type { TracedRequest } from './trace.middleware';

/** Set by the bearer guard (libs/auth `Actor`) and for anonymous catalog reads. */
interface LoggedRequest extends TracedRequest {
  actor?: { tenantId: string; principalId: string; kind: string };
  anonymousTenantId?: string;
}

/** Routes whose answers are not logged: probes call them every few seconds. */
const UNLOGGED = new Set(['/healthz']);

/**
 * nestjs-pino keeps the logger of the request in progress in an AsyncLocalStorage of its own
 * (its `Logger` reads it); the store is not exported, so it is reached beside the entry point.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { storage: requestLogStorage } = require(join(dirname(require.resolve('nestjs-pino')), 'storage.js')) as {
  storage: { run: (store: unknown, fn: () => void) => void; getStore: () => unknown };
};

/** Who made the request, as every HTTP log line carries it (docs/operations.md). */
function who(req: RequestSummary) {
  return {
    trace_id: req.traceContext?.traceId,
    tenant_id: req.actor?.tenantId ?? req.anonymousTenantId,
    principal_id: req.actor?.principalId,
    principal_kind: req.actor?.kind,
  };
}

/** What the request's logger binds: the root logger's `req` serializer and `who` read only these. */
type RequestSummary = Pick<LoggedRequest, 'method' | 'url' | 'headers' | 'traceContext' | 'actor' | 'anonymousTenantId'>;

/**
 * The request's logger for logs made while it runs (an unexpected failure, a warning), created
 * only when something logs: most requests log nothing but their completion line.
 *
 * Every async resource the request starts (a promise, a timer, a Redis or database write) carries
 * this store for as long as it lives, and some outlive the answer. Once the request is answered
 * (`release`), the store keeps only what its logger binds, not the request: holding the request
 * would make V8 keep its whole object graph (router closures, response, headers) through two
 * young-generation collections and promote it to the old generation
 * (docs/performance.md, "The request log's store lets go of the request").
 */
export class LazyRequestStore {
  private own: Logger | null = null;
  readonly responseLogger = undefined;

  constructor(
    private readonly root: Logger,
    private req: RequestSummary,
  ) {}

  get logger(): Logger {
    this.own ??= this.root.child({ req: this.req, ...who(this.req) });
    return this.own;
  }

  set logger(logger: Logger) {
    this.own = logger;
  }

  /** The request has been answered: later logs bind the same fields, read off it now. */
  release(): void {
    const { method, url, headers, traceContext, actor, anonymousTenantId } = this.req;
    this.req = { method, url, headers, traceContext, actor, anonymousTenantId };
  }
}

const REDACTED_REQUEST_HEADERS = redactedHeaderNames('req');
const REDACTED_RESPONSE_HEADERS = redactedHeaderNames('res');
const asIs = (value: unknown) => value;

/**
 * The `req` and `res` of a request line as the root logger's serializers and redaction printed
 * them (`{method, url, headers}` and `{statusCode, headers}`, the named headers censored), built
 * directly: the wildcard paths of the redaction reach only the direct fields of `req` and `res`,
 * which are these.
 */
function lineOf(req: IncomingMessage, res: ServerResponse, started: number) {
  return {
    req: { method: req.method, url: req.url, headers: redactHeaders(req.headers, REDACTED_REQUEST_HEADERS) },
    ...who(req as LoggedRequest),
    res: { statusCode: res.headersSent ? res.statusCode : null, headers: redactHeaders(res.getHeaders(), REDACTED_RESPONSE_HEADERS) },
    responseTime: Date.now() - started,
  };
}

/**
 * One line per answered request (`request completed`, or `request errored` at status ≥ 500), with
 * the request, the response, the time taken and who called: the line pino-http wrote, without its
 * three child loggers per request, and with `req`/`res` serialized and redacted here rather than
 * by pino's generic serializers and path walk (docs/performance.md). The `err` of an errored line
 * still goes through the root logger's error serializer.
 */
export function requestLogMiddleware(root: Logger) {
  // Same stream, level, base fields and error serializer; req/res arrive already serialized.
  const lines = root.child({}, { redact: { paths: [] }, serializers: { req: asIs, res: asIs } });
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = Date.now();
    const store = new LazyRequestStore(root, req as LoggedRequest);
    if (!UNLOGGED.has(req.url ?? '')) {
      let done = false;
      const complete = () => {
        if (done) return;
        done = true;
        res.removeListener('close', complete);
        res.removeListener('finish', complete);
        store.release();
        if (!lines.isLevelEnabled('info')) return;
        const line = lineOf(req, res, started);
        if (res.statusCode >= 500) lines.info({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
        else lines.info(line, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
      };
      res.on('close', complete);
      res.on('finish', complete);
    }
    requestLogStorage.run(store, next);
  };
}
