import IORedis from 'ioredis';

/**
 * Counts the commands a Redis server executed since the last reset (`INFO commandstats`, reset by
 * `CONFIG RESETSTAT`): what every process on that server sent, read where it arrives. The
 * counter's own `INFO` and `CONFIG` calls are left out.
 */
export interface RedisCommandCount {
  reset: () => Promise<void>;
  /** Commands executed since the last reset. */
  commands: () => Promise<number>;
  /** Commands executed since the last reset, by command, most called first. */
  breakdown: () => Promise<Array<{ calls: number; command: string }>>;
  close: () => Promise<void>;
}

const OWN = new Set(['info', 'config|resetstat', 'config']);

export function redisCommandCount(url: string): RedisCommandCount {
  const client = new IORedis(url, { maxRetriesPerRequest: 1, lazyConnect: false });
  client.on('error', () => undefined);
  const breakdown = async () => {
    const text = await client.info('commandstats');
    const rows: Array<{ calls: number; command: string }> = [];
    for (const line of text.split('\n')) {
      const m = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
      if (m && !OWN.has(m[1])) rows.push({ command: m[1], calls: Number(m[2]) });
    }
    return rows.sort((a, b) => b.calls - a.calls);
  };
  return {
    reset: async () => {
      await client.config('RESETSTAT');
    },
    commands: async () => (await breakdown()).reduce((n, r) => n + r.calls, 0),
    breakdown,
    close: async () => {
      client.disconnect();
    },
  };
}
