import { HoldExpiryBatcher } from './hold-expiry-batcher';

describe('HoldExpiryBatcher', () => {
  it('runs the first job at once and gathers the jobs that arrive meanwhile into the next batch', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batcher = new HoldExpiryBatcher<{ holdId: string }>(async (jobs) => {
      batches.push(jobs.map((j) => j.holdId));
      if (batches.length === 1) await gate;
      return new Set(jobs.map((j) => j.holdId).filter((id) => id !== 'c'));
    }, 10);
    const first = batcher.expire({ holdId: 'a' });
    const rest = [batcher.expire({ holdId: 'b' }), batcher.expire({ holdId: 'c' })];
    release();
    await expect(Promise.all([first, ...rest])).resolves.toEqual([true, true, false]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('splits at the batch size and fails only the jobs of a failing batch', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batcher = new HoldExpiryBatcher<{ holdId: string }>(async (jobs) => {
      batches.push(jobs.map((j) => j.holdId));
      if (batches.length === 1) await gate;
      if (jobs.some((j) => j.holdId === 'd')) throw new Error('deadlock');
      return new Set(jobs.map((j) => j.holdId));
    }, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((holdId) => batcher.expire({ holdId }).catch((e: Error) => e.message));
    release();
    await expect(Promise.all(all)).resolves.toEqual([true, true, true, 'deadlock', 'deadlock']);
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});
