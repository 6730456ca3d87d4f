import type { IncomingMessage, ServerResponse } from 'node:http';
import { metricsAccessAllowed, Metrics } from '@hcs/platform';

/**
 * `GET /metrics` in the Prometheus text format: an Express middleware mounted before Nest's
 * router, so it is neither enveloped nor rate limited nor an API route (OpenAPI and the route
 * table never see it); `METRICS_TOKEN` guards it when set.
 */
export function metricsEndpoint(metrics: Metrics, token: string | null) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    // A middleware mount, not a router route: only `GET /metrics` itself is answered here.
    if (req.method !== 'GET' || !['/', ''].includes((req.url ?? '').split('?')[0])) return next();
    if (!metricsAccessAllowed(token, req.headers.authorization)) {
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' });
      res.end('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
      return;
    }
    metrics.render().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  };
}
