import { ConfigError, loadConfig } from './app-config';

describe('REDIS_CLUSTER_NODES', () => {
  it('is unset by default: one Redis at REDIS_URL', () => {
    expect(loadConfig({}).redisClusterNodes).toBeNull();
  });

  it('parses comma-separated host:port seeds, IPv6 in brackets', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:6379, 10.0.0.2:7000,[::1]:7001' }).redisClusterNodes).toEqual([
      { host: 'redis-1', port: 6379 },
      { host: '10.0.0.2', port: 7000 },
      { host: '::1', port: 7001 },
    ]);
  });

  it.each(['redis-1', 'redis-1:', 'redis-1:6379,', 'redis://redis-1:6379', 'redis-1:99999', 'redis-1:0'])('refuses %p naming the variable', (value) => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: value })).toThrow(/REDIS_CLUSTER_NODES/);
  });
});
