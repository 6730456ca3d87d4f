import { Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { WebhookEndpointRecord } from '../webhook.types';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookEndpointView } from '../webhook.views';
import type { WebhookEndpointCommand } from '../webhook-endpoint.command';

/** Deletes the endpoint with its deliveries; events keep existing in the outbox. */
@Injectable()
export class DeleteWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  /** Answers the deleted endpoint as it was. */
  async execute(command: WebhookEndpointCommand, caller: Caller): Promise<Outcome> {
    return new Outcome(webhookEndpointView(await this.remove(caller, command.endpointId)));
  }

  private async remove(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await adminEndpoint(this.endpoints, caller, id);
    if (!(await this.endpoints.delete(caller.tenantId, id))) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
    return endpoint;
  }
}
