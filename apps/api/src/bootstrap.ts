import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json, raw, urlencoded } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppConfig, Metrics, RequestContext } from '@hcs/platform';
import { ApiModule } from './api.module';
import { buildOpenApiDocument, OpenApiDocument } from './discovery/openapi.document';
import { mountConsole } from './console/console-assets';
import { bodyShapeMiddleware } from './http/body-shape.middleware';
import { nulByteMiddleware } from './http/nul-bytes';
import { contentTypeMiddleware } from './http/content-type.middleware';
import { traceMiddleware } from './http/trace.middleware';
import { securityHeadersMiddleware } from './http/security-headers.middleware';
import { requestLogMiddleware } from './http/request-log.middleware';
import { requestContextMiddleware } from './http/request-context.middleware';
import { middlewareChain, mountedAt } from './http/middleware-chain';
import { ApiExpressAdapter } from './http/api-express.adapter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { httpMetricsMiddleware, metricsRoute } from './metrics/http-metrics.middleware';
import { metricsEndpoint } from './metrics/metrics.endpoint';
import { mcpMethodNotAllowed } from './mcp/method-not-allowed.middleware';
import { apiCorsMiddleware } from './http/cors.middleware';
import { mcpOriginCheck } from './mcp/mcp-origin.middleware';
import { OTA_BODY_LIMIT_BYTES, OTA_MEDIA_TYPES } from './ota/ota.controller';
import { STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook.controller';

export const BODY_LIMIT = '256kb';

/**
 * Builds the api exactly as production runs it; `main.ts` and the e2e tests both call this, so
 * tests exercise the real middleware order, parsers and global pipeline.
 */
export interface ApiAppOptions {
  /** Extra modules mounted beside the api's own (tests use it for probe routes). */
  imports?: Array<Type | DynamicModule | ForwardReference>;
}

/** Keeps the exact request bytes as `req.rawBody` on one path (a signed webhook), and nowhere else. */
function keepRawBodyOf(path: string) {
  return (req: IncomingMessage & { rawBody?: Buffer }, _res: ServerResponse, body: Buffer): void => {
    if ((req.url ?? '').split('?')[0] === path) req.rawBody = body;
  };
}

export async function createApiApp(config: AppConfig, options: ApiAppOptions = {}): Promise<NestExpressApplication> {
  const adapter = new ApiExpressAdapter();
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, options.imports), adapter, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  const requestContext = app.get(RequestContext);
  // Before app.init() builds the routes with the global enhancers of that moment.
  app.useGlobalInterceptors(new EnvelopeInterceptor(() => requestContext.traceId));
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // Behind a proxy req.ip (rate limits, logs) is the client only when the proxy is trusted.
  app.set('trust proxy', config.trustProxy);
  const metrics = app.get(Metrics);
  // Global pieces share Express layers (docs/performance.md, "The pipeline, piece by piece").
  // Every answer passes this first layer: its trace id and security headers (docs/security.md).
  app.use(middlewareChain(traceMiddleware, securityHeadersMiddleware(config.baseUrl), httpMetricsMiddleware(metrics)));
  // Outside Nest's router: Prometheus text, never enveloped or rate limited (docs/operations.md).
  app.use('/metrics', metricsRoute('/metrics'), metricsEndpoint(metrics, config.metricsToken));
  mountConsole(app);
  // Every other global piece runs in one Express layer (docs/performance.md, "The pipeline, piece by piece").
  app.use(
    middlewareChain(
      // Browser clients of the REST surface (bearer tokens, no cookies): docs/sandbox.md lists the headers.
      mountedAt('/v1', apiCorsMiddleware),
      // DNS rebinding protection: a foreign browser Origin never reaches MCP (docs/mcp.md).
      mountedAt('/mcp', mcpOriginCheck(config)),
      contentTypeMiddleware,
      // Not a route: stateless MCP has no GET stream and no session to DELETE (docs/mcp.md).
      mountedAt('/mcp', mcpMethodNotAllowed),
      // The Stripe webhook's signature covers the exact bytes sent: they are kept for that route.
      json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'], verify: keepRawBodyOf(STRIPE_WEBHOOK_PATH) }),
      urlencoded({ limit: BODY_LIMIT, extended: false }),
      bodyShapeMiddleware,
      nulByteMiddleware,
      // OpenTravel messages: the raw bytes, up to 16 MB, parsed by the use case (docs/channels.md).
      mountedAt('/ota', raw({ limit: OTA_BODY_LIMIT_BYTES, type: OTA_MEDIA_TYPES })),
      // Where nestjs-pino's middleware ran: requests refused by the middleware above are not logged.
      requestLogMiddleware(PinoLogger.root),
      // Where nestjs-cls's middleware ran (after every app.use middleware, before guards).
      requestContextMiddleware(requestContext),
    ),
  );
  app.enableShutdownHooks();
  await app.init();
  // Built from the mounted routes on its first use, once (docs/performance.md).
  app.get(OpenApiDocument).buildWith(() => buildOpenApiDocument(app, config));
  return app;
}
