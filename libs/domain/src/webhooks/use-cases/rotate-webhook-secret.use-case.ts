import { Injectable } from '@nestjs/common';
import { rowLabel, SecretBox } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import { newWebhookSecret, SECRET_OVERLAP_SECONDS } from '../rules/webhook-secret';
import type { WebhookEndpointRecord } from '../webhook.types';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookEndpointView } from '../webhook.views';
import { webhookNextActions } from '../next-actions';
import type { WebhookEndpointCommand } from '../webhook-endpoint.command';

/** A new secret (shown once); the old one keeps signing beside it for 24 h so receivers can switch. */
@Injectable()
export class RotateWebhookSecret {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly box: SecretBox,
  ) {}

  /** The answer carries the new secret, shown only here. */
  async execute(command: WebhookEndpointCommand, caller: Caller): Promise<Outcome> {
    const { endpoint, secret } = await this.rotate(caller, command.endpointId);
    return new Outcome({ ...webhookEndpointView(endpoint), secret }, { next_actions: [webhookNextActions.getEndpoint(endpoint.id)] });
  }

  private async rotate(caller: Caller, id: string): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    await adminEndpoint(this.endpoints, caller, id);
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.rotateSecret(caller.tenantId, id, this.box.seal(secret, rowLabel('webhook_endpoints', id)), SECRET_OVERLAP_SECONDS);
    if (!endpoint) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
    return { endpoint, secret };
  }
}
