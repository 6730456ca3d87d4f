import { Injectable } from '@nestjs/common';
import { rowLabel, SecretBox } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook.repositories';
import { newWebhookSecret, SECRET_OVERLAP_SECONDS } from '../rules/webhook-secret';
import type { WebhookEndpointRecord } from '../webhook.types';
import { adminEndpoint } from './webhook-endpoint-access';

/** A new secret (shown once); the old one keeps signing beside it for 24 h so receivers can switch. */
@Injectable()
export class RotateWebhookSecret {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly box: SecretBox,
  ) {}

  async execute(caller: Caller, id: string): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    await adminEndpoint(this.endpoints, caller, id);
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.rotateSecret(caller.tenantId, id, this.box.seal(secret, rowLabel('webhook_endpoints', id)), SECRET_OVERLAP_SECONDS);
    if (!endpoint) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
    return { endpoint, secret };
  }
}
