import { Injectable, Logger } from '@nestjs/common';
import { CredentialChangeNotifier, IssuerChangeNotifier } from '@hcs/domain';
import { AppConfig, createRedis } from '@hcs/platform';

/**
 * The identity changes a short-lived process (the operator CLI) makes, announced to the api
 * processes on the same channel the api uses (credential-change-broadcaster.ts): a platform issuer
 * registered or suspended, an admin key rotated. One connection per announcement, closed at once;
 * a Redis that does not answer costs the command a second and leaves the caches to expire.
 */
@Injectable()
export class IdentityChangePublisher extends CredentialChangeNotifier implements IssuerChangeNotifier {
  private readonly logger = new Logger(IdentityChangePublisher.name);

  constructor(private readonly config: AppConfig) {
    super();
  }

  async principalChanged(tenantId: string, principalId: string): Promise<void> {
    await this.publish({ kind: 'credentials', tenant_id: tenantId, principal_id: principalId });
  }

  async issuersChanged(): Promise<void> {
    await this.publish({ kind: 'issuers' });
  }

  onIssuersChanged(): void {
    // Nothing is cached here to drop.
  }

  private async publish(message: Record<string, string>): Promise<void> {
    const redis = createRedis(this.config, { retryStrategy: () => null });
    try {
      await redis.publish(identityChangesChannel(this.config.queuePrefix), JSON.stringify(message));
    } catch (err) {
      this.logger.warn({ err }, 'could not announce an identity change; api processes catch up within their cache window');
    } finally {
      redis.disconnect();
    }
  }
}

/** The one pub/sub channel of identity changes (credentials and delegation issuers). */
export function identityChangesChannel(queuePrefix: string): string {
  return `${queuePrefix}:identity:credentials-changed`;
}
