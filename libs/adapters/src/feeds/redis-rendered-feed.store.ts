import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, createRedis, RedisClient } from '@hcs/platform';
import { RenderedFeedStore } from '@hcs/domain';

/** How long a copy outlives its last write: a tenant nobody polls any more costs nothing for long. */
export const RENDERED_FEED_TTL_SECONDS = 24 * 3600;
/** A copy is tens of MB: reading or writing it may take longer than a request-path Redis command. */
const BULK_COMMAND_TIMEOUT_MS = 15_000;
const PREFIX = 'hcs:feed:';

const UNLOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Rendered feeds in Redis. A connection of its own, so moving a copy of tens of MB never queues
 * the rate limiter's or the caches' commands behind it. Keys: `hcs:feed:<key>:<etag>` (the gzip
 * bytes), `hcs:feed:<key>` (the ETag of the newest copy), `hcs:feed:<key>:lock` (the render lock).
 */
@Injectable()
export class RedisRenderedFeedStore extends RenderedFeedStore implements OnApplicationShutdown {
  private readonly redis: RedisClient;

  constructor(config: AppConfig) {
    super();
    this.redis = createRedis(config, { commandTimeout: BULK_COMMAND_TIMEOUT_MS, lazyConnect: true });
  }

  get(key: string, etag: string): Promise<Buffer | null> {
    return this.redis.getBuffer(`${PREFIX}${key}:${etag}`);
  }

  async put(key: string, etag: string, body: Buffer): Promise<void> {
    const previous = await this.redis.set(`${PREFIX}${key}`, etag, 'EX', RENDERED_FEED_TTL_SECONDS, 'GET');
    await this.redis.set(`${PREFIX}${key}:${etag}`, body, 'EX', RENDERED_FEED_TTL_SECONDS);
    if (previous && previous !== etag) await this.redis.unlink(`${PREFIX}${key}:${previous}`);
  }

  async lock(key: string, token: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`${PREFIX}${key}:lock`, token, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async unlock(key: string, token: string): Promise<void> {
    await this.redis.eval(UNLOCK, 1, `${PREFIX}${key}:lock`, token);
  }

  onApplicationShutdown(): void {
    if (this.redis.status !== 'end') this.redis.disconnect();
  }
}
