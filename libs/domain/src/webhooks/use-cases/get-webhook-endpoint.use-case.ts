import { Injectable } from '@nestjs/common';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook.repositories';
import type { WebhookEndpointRecord } from '../webhook.types';
import { adminEndpoint } from './webhook-endpoint-access';

@Injectable()
export class GetWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  execute(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    return adminEndpoint(this.endpoints, caller, id);
  }
}
