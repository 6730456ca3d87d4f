import { REDIS_COMMAND_TIMEOUT_MS, redisOptions } from '../redis/redis.module';
import { queueConnectionOptions } from './queues.module';

describe('Redis connection options', () => {
  it('bounds every command of the shared client, queued ones included', () => {
    expect(redisOptions()).toMatchObject({ commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
    expect(REDIS_COMMAND_TIMEOUT_MS).toBeLessThanOrEqual(1000);
  });

  it('makes the api queue producers fail fast: no offline queue, a short command timeout', () => {
    expect(queueConnectionOptions('producer')).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  });

  it('lets the worker connections wait for Redis, with a timeout above the longest blocking pop', () => {
    const consumer = queueConnectionOptions('consumer');
    expect(consumer.maxRetriesPerRequest).toBeNull();
    expect(consumer.enableOfflineQueue).toBeUndefined();
    expect(consumer.commandTimeout).toBeGreaterThan(10_000);
  });
});
