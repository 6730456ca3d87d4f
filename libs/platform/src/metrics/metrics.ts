import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds buckets for HTTP and provider calls: 5 ms .. 30 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A scrape must answer even when Redis or Postgres hangs: each collector gets this budget. */
const COLLECT_BUDGET_MS = 1500;

type ScrapeCollector = () => Promise<void>;

/**
 * Every metric of the service in one place (docs/operations.md lists them). One registry per
 * process (api or worker), never the global one, so several apps can live in one test process.
 * Counters are moved where the event happens (one HTTP middleware, the payment provider
 * decorator, the idempotency interceptor, the webhook deliverer); gauges that reflect Postgres or
 * Redis are read at scrape time by the collectors registered with `onScrape`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly collectors: Array<{ name: string; collect: ScrapeCollector }> = [];

  readonly httpRequests = new Counter({
    name: 'hcs_http_requests_total',
    help: 'HTTP requests by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'hcs_http_request_duration_seconds',
    help: 'HTTP request latency by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly chainOutcomes = new Counter({
    name: 'hcs_chain_outcomes_total',
    help: 'Booking-chain steps (quote, hold, booking, cancel) by result: ok or the error code.',
    labelNames: ['step', 'result'] as const,
    registers: [this.registry],
  });
  readonly paymentOutcomes = new Counter({
    name: 'hcs_payment_outcomes_total',
    help: 'Payment provider charges by outcome (succeeded, declined, error, action_required, exception).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly paymentDuration = new Histogram({
    name: 'hcs_payment_provider_duration_seconds',
    help: 'Payment provider charge latency by outcome.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly idempotentReplays = new Counter({
    name: 'hcs_idempotent_replays_total',
    help: 'Answers replayed from a stored Idempotency-Key, by route template.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'hcs_rate_limit_refusals_total',
    help: 'Requests refused with rate_limited, by route template.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  readonly queueJobs = new Gauge({
    name: 'hcs_queue_jobs',
    help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed), read at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });
  readonly holdExpiryLag = new Gauge({
    name: 'hcs_hold_expiry_lag_seconds',
    help: 'How long the oldest hold past its expires_at has waited to be expired (0 when none), read at scrape time.',
    registers: [this.registry],
  });
  readonly outboxBacklog = new Gauge({
    name: 'hcs_outbox_backlog',
    help: 'Outbox events not relayed yet (relayed_at IS NULL), read at scrape time.',
    registers: [this.registry],
  });
  readonly outboxOldestAge = new Gauge({
    name: 'hcs_outbox_oldest_unrelayed_age_seconds',
    help: 'Age of the oldest outbox event not relayed yet (0 when none), read at scrape time.',
    registers: [this.registry],
  });
  /** Moved by the webhook deliverer: succeeded, failed (will retry), dead (dead letter). */
  readonly webhookDeliveries = new Counter({
    name: 'hcs_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (succeeded, failed, dead).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly channelDeliveries = new Counter({
    name: 'hcs_channel_deliveries_total',
    help: 'OTA_HotelResNotifRQ delivery attempts to channel managers by outcome (succeeded: acknowledged, failed, dead: dead-lettered unacknowledged).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly webhookDeferred = new Counter({
    name: 'hcs_webhook_deliveries_deferred_total',
    help: 'Webhook attempts put back for 1-2 s because their tenant had its share in flight (docs/events.md).',
    registers: [this.registry],
  });
  readonly webhookDuration = new Histogram({
    name: 'hcs_webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempt latency by outcome.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly fetchLoopIdle = new Gauge({
    name: 'hcs_worker_fetch_idle_seconds',
    help: "Seconds since this worker process's fetch loop of a queue last came back from waiting for or taking a job, read at scrape time.",
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly dbPoolConnections = new Gauge({
    name: 'hcs_db_pool_connections',
    help: 'Postgres pool connections of this process by state (total, idle, in_use), read at scrape time.',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });
  readonly dbPoolWaiting = new Gauge({
    name: 'hcs_db_pool_waiting_requests',
    help: 'Queries waiting for a Postgres pool connection in this process, read at scrape time.',
    registers: [this.registry],
  });
  readonly scrapeErrors = new Counter({
    name: 'hcs_metrics_collect_errors_total',
    help: 'Scrape-time collectors that failed or ran out of time, by collector.',
    labelNames: ['collector'] as const,
    registers: [this.registry],
  });
  /** Moved by the channel manager endpoint (docs/channels.md): each message in, by message and outcome (success, warnings, errors, replay). */
  readonly otaMessages = new Counter({
    name: 'hcs_ota_messages_total',
    help: 'OpenTravel messages received from channel managers by message and outcome (success, warnings, errors, replay).',
    labelNames: ['message', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly otaDatesApplied = new Counter({
    name: 'hcs_ota_dates_applied_total',
    help: 'Values applied from OpenTravel messages, one per subject, date and field, by message.',
    labelNames: ['message'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Process metrics (CPU, memory, event loop lag, GC, handles) under the standard names.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Registers a reader run before each scrape (queue counts, backlog, pool). */
  onScrape(name: string, collect: ScrapeCollector): void {
    this.collectors.push({ name, collect });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition, after every collector ran (or ran out of its budget). */
  async render(): Promise<string> {
    await Promise.all(
      this.collectors.map(async ({ name, collect }) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${name} took more than ${COLLECT_BUDGET_MS} ms`)), COLLECT_BUDGET_MS);
        });
        try {
          await Promise.race([collect(), timeout]);
        } catch (error) {
          this.scrapeErrors.inc({ collector: name });
          this.logger.warn(`metrics collector ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return this.registry.metrics();
  }
}
