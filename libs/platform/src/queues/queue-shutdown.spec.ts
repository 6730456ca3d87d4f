import { Closable, closeWithin } from './queue-shutdown';

/**
 * A queue or worker whose close ends after `closeMs`, once its connections are dropped
 * (`untilDropped`), or never.
 */
function fake(name: string, behaviour: { closeMs?: number; untilDropped?: boolean; dropFirst?: boolean }) {
  const events: string[] = [];
  let dropped = false;
  let release: () => void = () => undefined;
  const closable: Closable = {
    name,
    dropFirst: behaviour.dropFirst ?? false,
    close: () =>
      new Promise<void>((resolve) => {
        events.push('close');
        release = resolve;
        if (behaviour.untilDropped && dropped) resolve();
        if (behaviour.closeMs !== undefined) setTimeout(resolve, behaviour.closeMs);
      }),
    disconnect: async () => {
      events.push('disconnect');
      dropped = true;
      if (behaviour.untilDropped) release();
    },
  };
  return { closable, events };
}

describe('closeWithin', () => {
  const budget = { graceMs: 200, settleMs: 100, redisDown: false };

  it('lets a close that finishes within the grace finish, without dropping anything', async () => {
    const a = fake('a', { closeMs: 10 });
    expect(await closeWithin([a.closable], budget)).toEqual([]);
    expect(a.events).toEqual(['close']);
  });

  it('drops the connections of a close still waiting after the grace, which then ends', async () => {
    const stuck = fake('stuck', { untilDropped: true });
    const quick = fake('quick', { closeMs: 1 });
    const started = Date.now();
    expect(await closeWithin([stuck.closable, quick.closable], budget)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(stuck.events).toEqual(['close', 'disconnect']);
    expect(quick.events).toEqual(['close']);
  });

  it('drops at once while Redis is down, without waiting out the grace: a queue before its close, a worker after', async () => {
    const worker = fake('worker', { untilDropped: true });
    const queue = fake('queue', { untilDropped: true, dropFirst: true });
    const started = Date.now();
    expect(await closeWithin([worker.closable, queue.closable], { ...budget, graceMs: 5000, redisDown: true })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(worker.events).toEqual(['close', 'disconnect']);
    expect(queue.events).toEqual(['disconnect', 'close']);
  });

  it('returns what is still closing once the grace and the settling time are over', async () => {
    const never = fake('never', {});
    const started = Date.now();
    expect(await closeWithin([never.closable, fake('fine', { closeMs: 1 }).closable], budget)).toEqual(['never']);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(never.events).toEqual(['close', 'disconnect']);
  });
});
