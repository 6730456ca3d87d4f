import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ExpireHold, SweepDueHolds } from '@hcs/domain';
import { AppConfig, newTraceId, RequestContext, serializeError } from '@hcs/platform';

/** Holds expired by one sweep transaction at most (docs/performance.md "The sweep of due holds"). */
export const HOLD_SWEEP_BATCH = 500;

/**
 * The primary hold expiry (docs/booking-chain.md "Expiry"): every HOLD_EXPIRY_SWEEP_INTERVAL_MS
 * the worker expires the holds past their TTL in sets, `SweepDueHolds` batch after batch until a
 * batch comes back short, so a burst of thousands of due holds drains in a few transactions instead
 * of one BullMQ job each. A timer, not a queue job: it needs Postgres only, costs no Redis command
 * when nothing is due, and several workers sweep at once (the statement skips rows another
 * transaction has locked). A failing batch (one hold the set statement cannot expire stops its
 * whole batch) hands the tick over to `ExpireHold.sweep`, which expires the overdue holds one by
 * one around the bad one; the repeatable sweep (HOLD_SWEEP_INTERVAL_SECONDS) counts that hold's
 * failures and dead-letters it, and the set sweep leaves dead-lettered holds alone.
 */
@Injectable()
export class HoldExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('HoldExpirySweep');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(
    private readonly sweepDue: SweepDueHolds,
    private readonly expire: ExpireHold,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.holdExpirySweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One sweep, unless the previous one is still running; resolves when it is done. */
  tick(): Promise<void> {
    if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  private async sweep(): Promise<void> {
    try {
      let expired = 0;
      for (;;) {
        const batch = await this.context.runWithTrace(newTraceId(), () => this.sweepDue.execute(HOLD_SWEEP_BATCH));
        expired += batch.length;
        // A short batch means nothing due was left unlocked; stop sweeping when shutting down.
        if (batch.length < HOLD_SWEEP_BATCH || !this.timer) break;
      }
      if (expired >= HOLD_SWEEP_BATCH) this.logger.log(`swept ${expired} due hold(s)`);
      if (this.failing) this.logger.log('hold expiry sweep recovered');
      this.failing = false;
    } catch (error) {
      // Said once per outage, not every tick; the per-hold sweep records the hold that fails.
      if (!this.failing) this.logger.warn({ err: serializeError(error) }, 'hold expiry sweep failed; expiring due holds one by one');
      this.failing = true;
      await this.context.runWithTrace(newTraceId(), () => this.expire.sweep(HOLD_SWEEP_BATCH, { recordFailures: false })).catch(() => undefined);
    }
  }
}
