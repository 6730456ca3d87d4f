import { Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook.repositories';
import type { WebhookEndpointRecord } from '../webhook.types';
import { adminEndpoint } from './webhook-endpoint-access';

/** Deletes the endpoint with its deliveries; events keep existing in the outbox. */
@Injectable()
export class DeleteWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await adminEndpoint(this.endpoints, caller, id);
    if (!(await this.endpoints.delete(caller.tenantId, id))) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
    return endpoint;
  }
}
