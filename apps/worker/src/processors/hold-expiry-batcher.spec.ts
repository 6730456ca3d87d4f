import { HoldExpiryBatcher } from './hold-expiry-batcher';

describe('HoldExpiryBatcher', () => {
  it('runs the first job at once and gathers the jobs that arrive meanwhile into the next batch', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batcher = new HoldExpiryBatcher<{ holdId: string }, string>(async (jobs) => {
      batches.push(jobs.map((j) => j.holdId));
      if (batches.length === 1) await gate;
      return new Map(jobs.filter((j) => j.holdId !== 'c').map((j) => [j.holdId, j.holdId === 'b' ? 'not_held' : 'expired']));
    }, 10);
    const first = batcher.expire({ holdId: 'a' });
    const rest = [batcher.expire({ holdId: 'b' }), batcher.expire({ holdId: 'c' })];
    release();
    await expect(Promise.all([first, ...rest])).resolves.toEqual(['expired', 'not_held', undefined]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('splits at the batch size and fails only the jobs of a failing batch', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batcher = new HoldExpiryBatcher<{ holdId: string }, string>(async (jobs) => {
      batches.push(jobs.map((j) => j.holdId));
      if (batches.length === 1) await gate;
      if (jobs.some((j) => j.holdId === 'd')) throw new Error('deadlock');
      return new Map(jobs.map((j) => [j.holdId, 'expired']));
    }, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((holdId) => batcher.expire({ holdId }).catch((e: Error) => e.message));
    release();
    await expect(Promise.all(all)).resolves.toEqual(['expired', 'expired', 'expired', 'deadlock', 'deadlock']);
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});
