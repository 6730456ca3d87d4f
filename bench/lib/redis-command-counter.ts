import IORedis from 'ioredis';

/**
 * Counts the Redis commands the process sends (every ioredis connection: rate limits, caches,
 * BullMQ queues and workers, pub/sub), by wrapping `Redis.prototype.sendCommand`, which every
 * command reaching a server goes through (pipelines and cluster nodes included).
 */
export interface RedisCommandCounter {
  /** Commands sent since the last `reset()`, by name. */
  readonly byName: Map<string, number>;
  total: () => number;
  reset: () => void;
  restore: () => void;
}

export function countRedisCommands(): RedisCommandCounter {
  const proto = IORedis.prototype;
  const original = proto.sendCommand;
  const byName = new Map<string, number>();
  proto.sendCommand = function countedSendCommand(this: IORedis, ...args: Parameters<IORedis['sendCommand']>) {
    const name = args[0].name.toLowerCase();
    byName.set(name, (byName.get(name) ?? 0) + 1);
    return original.apply(this, args);
  };
  return {
    byName,
    total: () => [...byName.values()].reduce((n, c) => n + c, 0),
    reset: () => byName.clear(),
    restore: () => {
      proto.sendCommand = original;
    },
  };
}
