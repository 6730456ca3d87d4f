/**
 * The api with pieces of its global pipeline switched off, for measuring what each costs
 * (`npm run bench:pipeline`, docs/performance.md). Runs the built api's own bootstrap after
 * replacing the named pieces with pass-throughs: PIPELINE_OFF=trace,metrics,... (names below).
 * Never used outside the bench: a switched-off piece changes behaviour (no envelope, no auth...).
 */
import 'reflect-metadata';
import type { NextFunction } from 'express';

export const PIPELINE_PIECES = [
  'trace',
  'metrics',
  'console',
  'content-type',
  'body-parsers',
  'body-shape',
  'cls',
  'logging',
  'envelope',
  'validation',
  'guards',
] as const;
export type PipelinePiece = (typeof PIPELINE_PIECES)[number];

const pass = (_req: unknown, _res: unknown, next: NextFunction) => next();
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
const load = (path: string): any => require(path);

/** Replaces each named piece with a pass-through; call before the api boots. */
export function switchOff(pieces: readonly PipelinePiece[]): void {
  const api = '../../apps/api/src';
  for (const piece of pieces) {
    switch (piece) {
      case 'trace':
        load(`${api}/http/trace.middleware`).traceMiddleware = (req: { traceContext?: unknown }, _res: unknown, next: NextFunction) => {
          req.traceContext = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', sampled: true };
          next();
        };
        break;
      case 'metrics':
        load(`${api}/metrics/http-metrics.middleware`).httpMetricsMiddleware = () => pass;
        break;
      case 'console':
        load(`${api}/console/console-assets`).mountConsole = () => false;
        break;
      case 'content-type':
        load(`${api}/http/content-type.middleware`).contentTypeMiddleware = pass;
        break;
      case 'body-parsers': {
        // Both shapes: Nest's useBodyParser (before the parsers joined the middleware chain) and express's own.
        load('@nestjs/platform-express').ExpressAdapter.prototype.useBodyParser = function useNoBodyParser() {
          return this;
        };
        const express = load('express');
        express.json = () => pass;
        express.urlencoded = () => pass;
        break;
      }
      case 'body-shape':
        load(`${api}/http/body-shape.middleware`).bodyShapeMiddleware = pass;
        break;
      case 'cls': {
        // Both shapes: nestjs-cls's mounted middleware (as older builds mount it) and ours.
        const cls = load('nestjs-cls');
        cls.ClsMiddleware.prototype.use = (_req: unknown, _res: unknown, next: NextFunction) => next();
        load(`${api}/http/request-context.middleware`).requestContextMiddleware = () => pass;
        break;
      }
      case 'logging':
        // Both shapes: nestjs-pino's pino-http middleware (as older builds mount it) and ours.
        load('nestjs-pino').LoggerModule.prototype.configure = () => undefined;
        try {
          load(`${api}/http/request-log.middleware`).requestLogMiddleware = () => pass;
        } catch {
          // an older build without it
        }
        break;
      case 'envelope':
        load(`${api}/http/envelope.interceptor`).EnvelopeInterceptor.prototype.intercept = (_ctx: unknown, next: { handle: () => unknown }) => next.handle();
        break;
      case 'validation':
        load(`${api}/http/request-validation.pipe`).RequestValidationPipe.prototype.transform = (value: unknown) => value;
        break;
      case 'guards': {
        const guards = '../../libs/auth/src/guards';
        load(`${guards}/bearer-auth.guard`).BearerAuthGuard.prototype.canActivate = () => true;
        load(`${guards}/rate-limit.guard`).RateLimitGuard.prototype.canActivate = () => true;
        load(`${guards}/delegation.guard`).DelegationGuard.prototype.canActivate = () => true;
        break;
      }
    }
  }
}
