import { EventEmitter } from 'node:events';
import { JobSchedulerKeeper } from './job-scheduler-keeper';

/** A processor as the keeper sees it: a BullMQ worker that emits errors, and its schedulers. */
function fakeOwner(upsert: () => Promise<void> = async () => undefined) {
  return { worker: new EventEmitter(), upsertJobSchedulers: jest.fn(upsert) };
}

describe('JobSchedulerKeeper', () => {
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
  });

  it('logs an upsert that fails instead of throwing', async () => {
    const failing = fakeOwner(async () => {
      throw new Error('CLUSTERDOWN');
    });
    const keeper = keeperOf([failing, fakeOwner(), fakeOwner(), fakeOwner()]);
    await expect(keeper.keep(failing)).resolves.toBeUndefined();
    expect(failing.upsertJobSchedulers).toHaveBeenCalledTimes(1);
  });
});
