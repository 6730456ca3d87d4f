import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SecretBox } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import { WebhookSender } from '../ports/webhook.sender';
import { attemptVerdict } from '../rules/delivery-outcome';
import { ATTEMPT_TIMEOUT_MS, signingSecrets } from '../services/signing-secrets';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookNextActions } from '../next-actions';
import type { WebhookEndpointCommand } from '../webhook-endpoint.command';

/**
 * A synchronous signed ping (`type: webhook.test`) so an admin can check a receiver now. A
 * receiver that does not answer 2xx is `notification_delivery_failed` with its status in detail.
 */
@Injectable()
export class TestWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly sender: WebhookSender,
    private readonly box: SecretBox,
  ) {}

  async execute(command: WebhookEndpointCommand, caller: Caller): Promise<Outcome> {
    return new Outcome(await this.ping(caller, command.endpointId), { next_actions: [webhookNextActions.getEndpoint(command.endpointId)] });
  }

  private async ping(caller: Caller, id: string) {
    const endpoint = await adminEndpoint(this.endpoints, caller, id);
    const secrets = await signingSecrets(this.endpoints, this.box, caller.tenantId, id);
    if (!secrets) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
    const webhookId = randomUUID();
    const body = JSON.stringify({
      id: webhookId,
      type: 'webhook.test',
      created_at: new Date().toISOString(),
      tenant_id: caller.tenantId,
      sequence: null,
      data: { webhook_id: endpoint.id, url: endpoint.url },
    });
    const result = await this.sender.send({ url: endpoint.url, webhookId, body, secrets, timeoutMs: ATTEMPT_TIMEOUT_MS });
    if (attemptVerdict(result.status) !== 'succeeded') {
      throw new DomainError('notification_delivery_failed', {
        message: 'The receiver did not accept the test event.',
        detail: { webhook_id: endpoint.id, status: result.status, error: result.error, duration_ms: result.durationMs },
      });
    }
    return { webhook_id: endpoint.id, event_id: webhookId, status: result.status, duration_ms: result.durationMs };
  }
}
