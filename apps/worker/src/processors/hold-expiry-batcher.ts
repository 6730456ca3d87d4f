/**
 * Gathers the hold-expiry jobs that fire while a batch is running into the next batch: one batch
 * runs at a time per worker process, the first job starts it at once, and the jobs arriving
 * meanwhile wait only for the batch in progress (docs/performance.md "Regressions of the second
 * round"). Each job learns whether the batch expired its hold; a failed batch fails all its jobs.
 */
export class HoldExpiryBatcher<J extends { holdId: string }> {
  private pending: Array<{ job: J; settle: (expired: boolean) => void; fail: (error: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (jobs: J[]) => Promise<Set<string>>,
    private readonly maxBatch: number,
  ) {}

  /** Resolves once a batch holding this job has run: true when that batch expired its hold. */
  expire(job: J): Promise<boolean> {
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
          const expired = await this.run(batch.map((b) => b.job));
          for (const b of batch) b.settle(expired.has(b.job.holdId));
        } catch (error) {
          for (const b of batch) b.fail(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
