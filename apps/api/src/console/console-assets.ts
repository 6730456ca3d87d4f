import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { metricsRoute } from '../metrics/http-metrics.middleware';

export const CONSOLE_PATH = '/console';

/** `npm run build` writes the console to dist/console; found from the built api and from sources. */
function consoleDirectory(): string | null {
  const candidates = [resolve(__dirname, '../../../../console'), resolve(__dirname, '../../../../dist/console')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** The console holds an admin key in the page: no framing, no referrer, only our own scripts. */
function hardenConsole(res: Response): void {
  res.setHeader(
    'content-security-policy',
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-content-type-options', 'nosniff');
}

/**
 * Serves the admin console (apps/console, built by `npm run build`) at `/console` as static
 * files with a single-page fallback to index.html. Mounted on Express before Nest's router: these
 * are not API routes (not in OpenAPI, not enveloped, not rate limited). Returns false when the
 * console was not built, and `/console` then answers `not_found` like any unknown path.
 */
export function mountConsole(app: NestExpressApplication): boolean {
  const dir = consoleDirectory();
  if (!dir) return false;
  const index = join(dir, 'index.html');
  app.use(CONSOLE_PATH, metricsRoute(CONSOLE_PATH));
  app.useStaticAssets(dir, {
    prefix: CONSOLE_PATH,
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res: Response, path: string) => {
      hardenConsole(res);
      // Vite fingerprints asset names: they never change under the same URL.
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use(CONSOLE_PATH, (req: Request, res: Response, next: NextFunction) => {
    // A missing asset is a 404, not the page; any other path is a page of the single-page app.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/assets/')) return next();
    hardenConsole(res);
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
