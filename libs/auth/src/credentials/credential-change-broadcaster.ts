import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CredentialChangeNotifier } from '@hcs/domain';
import { AppConfig, REDIS, RedisClient, RedisConnections } from '@hcs/platform';
import { CredentialLookup } from './credential-lookup';

/**
 * Drops cached credential lookups in every api process when a credential changes: locally at
 * once, elsewhere through Redis pub/sub. If Redis is down the message is lost and other processes
 * catch up when their cache entries expire (`CREDENTIAL_CACHE_TTL_MS`).
 */
@Injectable()
export class CredentialChangeBroadcaster extends CredentialChangeNotifier implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CredentialChangeBroadcaster.name);
  private subscriber: RedisClient | null = null;

  constructor(
    private readonly lookup: CredentialLookup,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly connections: RedisConnections,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private get channel(): string {
    return `${this.config.queuePrefix}:identity:credentials-changed`;
  }

  async onModuleInit(): Promise<void> {
    // Classic pub/sub: a PUBLISH reaches the subscribers of every node, in a cluster too.
    const subscriber = this.connections.subscriber();
    subscriber.on('error', () => undefined);
    subscriber.on('message', () => this.lookup.invalidate());
    this.subscriber = subscriber;
    // Not awaited: the api boots without Redis; ioredis resubscribes after every reconnect.
    subscriber.subscribe(this.channel).catch((err: unknown) => this.logger.warn({ err }, 'could not subscribe to credential changes'));
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  async principalChanged(tenantId: string, principalId: string): Promise<void> {
    this.lookup.invalidate();
    await this.redis.publish(this.channel, JSON.stringify({ tenant_id: tenantId, principal_id: principalId })).catch((err: unknown) => {
      this.logger.warn({ err }, 'could not broadcast a credential change; other processes catch up within the cache window');
    });
  }
}
