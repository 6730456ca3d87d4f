import { Injectable } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { EndpointStatus, WebhookEndpointRecord } from '../webhook.types';
import { assertValidTarget } from './create-webhook-endpoint.use-case';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookEndpointView } from '../webhook.views';
import { webhookNextActions } from '../next-actions';
import type { WebhookEndpointCommand } from '../webhook-endpoint.command';

export interface UpdateWebhookEndpointCommand {
  url?: string;
  events?: string[];
  description?: string | null;
  /** disabled stops new deliveries; enabled again clears why it was disabled. */
  status?: EndpointStatus;
}

/** Changes url, events, description, or disables/enables the endpoint. */
@Injectable()
export class UpdateWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(command: UpdateWebhookEndpointCommand & WebhookEndpointCommand, caller: Caller): Promise<Outcome> {
    const endpoint = await this.update(caller, command.endpointId, command);
    return new Outcome(webhookEndpointView(endpoint), { next_actions: [webhookNextActions.getEndpoint(endpoint.id)] });
  }

  private async update(caller: Caller, id: string, command: UpdateWebhookEndpointCommand): Promise<WebhookEndpointRecord> {
    await adminEndpoint(this.endpoints, caller, id);
    await assertValidTarget(command.url, command.events, this.config.webhookAllowPrivate);
    const statusChange = command.status ? { status: command.status, disabledReason: command.status === 'disabled' ? 'disabled by an admin' : null } : {};
    const updated = await this.endpoints.update(caller.tenantId, id, {
      url: command.url,
      events: command.events,
      description: command.description,
      ...statusChange,
    });
    if (!updated) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
    return updated;
  }
}
