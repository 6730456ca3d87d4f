import type { IdempotencyRecordRepository } from '../ports/idempotency.repository';
import { PurgeExpiredIdempotencyRecords } from './purge-expired-idempotency-records.use-case';

describe('PurgeExpiredIdempotencyRecords', () => {
  const repository = (backlog: number) => {
    const calls: number[] = [];
    let left = backlog;
    const records = {
      purgeExpired: async (limit: number) => {
        calls.push(limit);
        const deleted = Math.min(limit, left);
        left -= deleted;
        return deleted;
      },
    } as unknown as IdempotencyRecordRepository;
    return { records, calls, left: () => left };
  };

  it('deletes in batches until a batch comes back short', async () => {
    const r = repository(25);
    await expect(new PurgeExpiredIdempotencyRecords(r.records).execute({ batchSize: 10, maxBatches: 5 })).resolves.toBe(25);
    expect(r.calls).toEqual([10, 10, 10]);
  });

  it('stops after maxBatches and leaves the rest for the next run', async () => {
    const r = repository(100);
    await expect(new PurgeExpiredIdempotencyRecords(r.records).execute({ batchSize: 10, maxBatches: 3 })).resolves.toBe(30);
    expect(r.left()).toBe(70);
  });
});
