import { Injectable } from '@nestjs/common';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { WebhookEndpointRecord } from '../webhook.types';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookEndpointView } from '../webhook.views';
import { webhookNextActions } from '../next-actions';
import type { WebhookEndpointCommand } from '../webhook-endpoint.command';

@Injectable()
export class GetWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(command: WebhookEndpointCommand, caller: Caller): Promise<Outcome> {
    const endpoint = await this.find(caller, command.endpointId);
    return new Outcome(webhookEndpointView(endpoint), { next_actions: [webhookNextActions.listDeliveries(endpoint.id)] });
  }

  private find(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    return adminEndpoint(this.endpoints, caller, id);
  }
}
