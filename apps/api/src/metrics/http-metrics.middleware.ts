import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from '@hcs/platform';
import { REPLAYED_HEADER } from '../idempotency/idempotency-key';
import { chainStep } from './chain-steps';
import { notedErrorCode } from './error-code';

/** Express fills `req.route` once a route matched; static mounts name themselves. */
interface RoutedRequest extends IncomingMessage {
  route?: { path?: string };
  metricsRoute?: string;
}

/** `/v1/bookings/:id` -> `/v1/bookings/{id}`, as OpenAPI writes it. */
function template(req: RoutedRequest): string {
  if (req.metricsRoute) return req.metricsRoute;
  const path = req.route?.path;
  // Unmatched paths (404s, probes) share one label so a scanner cannot blow up the cardinality.
  return typeof path === 'string' ? path.replace(/:([A-Za-z0-9_]+)/g, '{$1}') : 'unmatched';
}

/**
 * Counts every request once it is answered: requests and latency by route template, method and
 * status; booking-chain outcomes by step and result code; idempotent replays; rate-limit refusals.
 * One place for all of them, so use cases carry no counters (docs/operations.md).
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = template(req as RoutedRequest);
      const method = req.method ?? 'GET';
      const status = res.statusCode;
      metrics.httpRequests.inc({ route, method, status: String(status) });
      metrics.httpDuration.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
      const code = notedErrorCode(res);
      if (code === 'rate_limited') metrics.rateLimitRefusals.inc({ route });
      if (res.getHeader(REPLAYED_HEADER) === 'true') {
        metrics.idempotentReplays.inc({ route });
        return;
      }
      const step = chainStep(method, route);
      if (step) metrics.chainOutcomes.inc({ step, result: status < 400 ? 'ok' : (code ?? `http_${status}`) });
    });
    next();
  };
}

/** Names the metrics label of a route mounted outside Nest (the console, /metrics itself). */
export function metricsRoute(route: string) {
  return (req: IncomingMessage, _res: ServerResponse, next: () => void): void => {
    (req as RoutedRequest).metricsRoute = route;
    next();
  };
}
