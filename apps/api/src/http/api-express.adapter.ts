import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { KeptOutcome, Outcome, renderSuccess } from '@hcs/contracts';
import { RawResponse } from './raw-response';
import type { RouteFlags } from './route-flags';
import { expressHttpServer } from './express-http-server';

/** Set on the request by `RouteFlagsGuard`, the last global guard. */
export interface FlaggedRequest {
  routeFlags?: RouteFlags;
}

/**
 * Express, with the success envelope applied where Nest hands a handler's result to it: an
 * `Outcome` becomes `{data, trace_id, next_actions, …}` with its status and headers, a
 * `RawResponse` (an idempotent replay) is sent as stored, a `KeptOutcome` as the text it keeps
 * (the same bytes and headers `res.json` gives), and a `@Bare()` route's body as it is.
 * This is the work a global interceptor did, without the rxjs pipeline and the subject Nest builds
 * around every handler once any interceptor is global (docs/performance.md, "The envelope at the
 * reply"). Error replies (the filters pass their status) are sent as they are. Its HTTP server
 * builds requests and responses with Express's prototypes (`expressHttpServer`).
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  private traceId: () => string = () => {
    throw new Error('EnvelopeExpressAdapter: useTraceIds() was not called at boot');
  };

  /** Where the trace id of the request being answered comes from (the request context). */
  useTraceIds(traceId: () => string): void {
    this.traceId = traceId;
  }

  /** Nest's own server for the options the api does not use (TLS, draining on close), ours otherwise. */
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions !== undefined || options.return503OnClosing === true || options.forceCloseConnections === true) {
      super.initHttpServer(options);
      return;
    }
    this.httpServer = expressHttpServer(this.getInstance());
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    return super.reply(response, statusCode === undefined ? this.enveloped(response, body) : body, statusCode);
  }

  private enveloped(response: Response, result: unknown): unknown {
    const flags = (response.req as FlaggedRequest | undefined)?.routeFlags;
    if (flags === undefined || flags.bare) return result;
    if (result instanceof RawResponse) {
      response.status(result.status);
      for (const [name, value] of Object.entries(result.headers)) response.setHeader(name, value);
      return result.body;
    }
    if (!(result instanceof Outcome)) {
      throw new Error(`${response.req.method} ${response.req.route?.path ?? response.req.path} returned something other than an Outcome`);
    }
    if (result.meta.status !== undefined) response.status(result.meta.status);
    if (result.meta.headers !== undefined) for (const [name, value] of Object.entries(result.meta.headers)) response.setHeader(name, value);
    if (result instanceof KeptOutcome) {
      // The same text `res.json` would send, its fixed parts serialized once (docs/performance.md).
      response.setHeader('Content-Type', 'application/json');
      return result.renderText(this.traceId());
    }
    return renderSuccess(result, this.traceId());
  }
}
