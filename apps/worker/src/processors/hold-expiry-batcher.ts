/**
 * Gathers the hold-expiry jobs that fire while a batch is running into the next batch: one batch
 * runs at a time per worker process, the first job starts it at once, and the jobs arriving
 * meanwhile wait only for the batch in progress (docs/performance.md "The sweep of due holds"). Each job learns what the batch settled for its hold (undefined: nothing, the job decides
 * alone); a failed batch fails all its jobs.
 */
export class HoldExpiryBatcher<J extends { holdId: string }, R> {
  private pending: Array<{ job: J; settle: (outcome: R | undefined) => void; fail: (error: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (jobs: J[]) => Promise<Map<string, R>>,
    private readonly maxBatch: number,
  ) {}

  /** Resolves once a batch holding this job has run, with what that batch settled for its hold. */
  expire(job: J): Promise<R | undefined> {
    return new Promise((settle, fail) => {
      this.pending.push({ job, settle, fail });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        try {
          const outcomes = await this.run(batch.map((b) => b.job));
          for (const b of batch) b.settle(outcomes.get(b.job.holdId));
        } catch (error) {
          for (const b of batch) b.fail(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
