import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CredentialChangeNotifier, IssuerChangeNotifier } from '@hcs/domain';
import { AppConfig, REDIS, RedisClient, RedisConnections } from '@hcs/platform';
import { CredentialLookup } from './credential-lookup';
import { identityChangesChannel } from './identity-change-publisher';

/** A message on the identity channel: a credential change (no `kind`, the original shape) or an issuer change. */
interface ChangeMessage {
  kind?: 'credentials' | 'issuers';
  tenant_id?: string;
  principal_id?: string;
}

/**
 * Drops what api processes keep in memory about identities when it changes: cached credential
 * lookups when a credential changes, and the issuer caches when a delegation issuer is registered
 * or changes status (docs/identity.md "Caches"). Locally at once, elsewhere through one Redis
 * pub/sub channel. If Redis is down the message is lost and other processes catch up when their
 * cache entries expire (`CREDENTIAL_CACHE_TTL_MS`, `PUBLIC_ISSUERS_TTL_MS`).
 */
@Injectable()
export class CredentialChangeBroadcaster extends CredentialChangeNotifier implements IssuerChangeNotifier, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CredentialChangeBroadcaster.name);
  private readonly issuerListeners: Array<() => void> = [];
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
    return identityChangesChannel(this.config.queuePrefix);
  }

  async onModuleInit(): Promise<void> {
    // Classic pub/sub: a PUBLISH reaches the subscribers of every node, in a cluster too.
    const subscriber = this.connections.subscriber();
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => this.received(message));
    this.subscriber = subscriber;
    // Not awaited: the api boots without Redis; ioredis resubscribes after every reconnect.
    subscriber.subscribe(this.channel).catch((err: unknown) => this.logger.warn({ err }, 'could not subscribe to credential changes'));
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  async principalChanged(tenantId: string, principalId: string): Promise<void> {
    this.lookup.invalidate();
    await this.publish({ kind: 'credentials', tenant_id: tenantId, principal_id: principalId });
  }

  async issuersChanged(): Promise<void> {
    this.issuersChangedHere();
    await this.publish({ kind: 'issuers' });
  }

  onIssuersChanged(listener: () => void): void {
    this.issuerListeners.push(listener);
  }

  private received(raw: string): void {
    let message: ChangeMessage = {};
    try {
      message = JSON.parse(raw) as ChangeMessage;
    } catch {
      // Unreadable: drop everything, the safe side.
      message = {};
    }
    if (message.kind !== 'credentials') this.issuersChangedHere();
    if (message.kind !== 'issuers') this.lookup.invalidate();
  }

  private issuersChangedHere(): void {
    for (const listener of this.issuerListeners) listener();
  }

  private async publish(message: ChangeMessage): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(message)).catch((err: unknown) => {
      this.logger.warn({ err }, 'could not broadcast an identity change; other processes catch up within the cache window');
    });
  }
}
