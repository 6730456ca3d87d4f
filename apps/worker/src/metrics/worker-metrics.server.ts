import { createServer, Server } from 'node:http';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, metricsAccessAllowed, Metrics } from '@hcs/platform';

/**
 * The worker's own `GET /metrics` on `WORKER_METRICS_HOST`:`WORKER_METRICS_PORT` (port 0 switches it off): the same
 * registry shape as the api's, with this process's queues, pool and process metrics
 * (docs/operations.md). A port already taken is logged, never fatal: jobs matter more.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WorkerMetrics');
  private server: Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.workerMetricsPort === 0) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('only GET /metrics here\n');
        return;
      }
      if (!metricsAccessAllowed(this.config.metricsToken, req.headers.authorization)) {
        res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' });
        res.end('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
        return;
      }
      this.metrics.render().then(
        (body) => {
          res.writeHead(200, { 'content-type': this.metrics.contentType, 'cache-control': 'no-store' });
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
        },
      );
    });
    server.on('error', (error) => this.logger.error(`worker metrics not served on port ${this.config.workerMetricsPort}: ${error.message}`));
    server.listen(this.config.workerMetricsPort, this.config.workerMetricsHost, () =>
      this.logger.log(`worker metrics on ${this.config.workerMetricsHost}:${this.config.workerMetricsPort}/metrics`),
    );
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
