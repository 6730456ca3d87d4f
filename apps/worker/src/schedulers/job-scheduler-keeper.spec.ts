import { EventEmitter } from 'node:events';
import { JobSchedulerKeeper, KEEP_SCHEDULERS_EVERY_MS } from './job-scheduler-keeper';

/** A processor as the keeper sees it: a BullMQ worker that emits errors, and its schedulers. */
function fakeOwner(upsert: () => Promise<void> = async () => undefined) {
  return { worker: new EventEmitter(), upsertJobSchedulers: jest.fn(upsert) };
}

describe('JobSchedulerKeeper', () => {
  afterEach(() => jest.useRealTimers());

  const keeperOf = (owners: Array<ReturnType<typeof fakeOwner>>) =>
    new (JobSchedulerKeeper as unknown as new (...o: unknown[]) => JobSchedulerKeeper)(...owners);

  it('upserts the schedulers of a worker whose next run could not be planned, and only that one', async () => {
    const [a, b, c, d] = [fakeOwner(), fakeOwner(), fakeOwner(), fakeOwner()];
    const keeper = keeperOf([a, b, c, d]);
    keeper.onApplicationBootstrap();
    b.worker.emit('error', new Error('Failed to add repeatable job for next iteration: ERR Lua redis lib command arguments must be strings or integers'));
    a.worker.emit('error', new Error('Connection is closed.'));
    await new Promise((r) => setImmediate(r));
    expect(b.upsertJobSchedulers).toHaveBeenCalledTimes(1);
    expect(a.upsertJobSchedulers).not.toHaveBeenCalled();
    keeper.beforeApplicationShutdown();
  });

  it('upserts every scheduler again on a timer, and survives an upsert that fails', async () => {
    jest.useFakeTimers();
    const failing = fakeOwner(async () => {
      throw new Error('CLUSTERDOWN');
    });
    const owners = [fakeOwner(), failing, fakeOwner(), fakeOwner()];
    const keeper = keeperOf(owners);
    keeper.onApplicationBootstrap();
    jest.advanceTimersByTime(KEEP_SCHEDULERS_EVERY_MS);
    await Promise.resolve();
    for (const o of owners) expect(o.upsertJobSchedulers).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(KEEP_SCHEDULERS_EVERY_MS);
    for (const o of owners) expect(o.upsertJobSchedulers).toHaveBeenCalledTimes(2);
    keeper.beforeApplicationShutdown();
    jest.advanceTimersByTime(KEEP_SCHEDULERS_EVERY_MS * 3);
    for (const o of owners) expect(o.upsertJobSchedulers).toHaveBeenCalledTimes(2);
  });
});
