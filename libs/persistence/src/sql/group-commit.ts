/**
 * Group commit for independent writes: a write asked for while none is in flight goes at once
 * (no added latency); writes asked for meanwhile wait for it and then go together, up to `max` in
 * one statement. Each caller gets its own answer. When a combined write fails, its members are
 * written one by one, so one bad member never fails the others.
 */
export class GroupCommit<T, A> {
  private readonly waiting: Array<{ item: T; resolve: (answer: A) => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<A[]>,
    private readonly max: number,
  ) {}

  add(item: T): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.max);
        try {
          const answers = await this.write(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(answers[i]));
        } catch (error) {
          if (batch.length === 1) batch[0].reject(error);
          else for (const b of batch) await this.write([b.item]).then(([answer]) => b.resolve(answer), b.reject);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
