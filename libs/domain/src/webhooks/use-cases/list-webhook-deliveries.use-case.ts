import { Injectable } from '@nestjs/common';
import type { Caller } from '../../identity/principal';
import { decodeListCursor, pageOf } from '../list-cursor';
import { WebhookDeliveryRepository, WebhookEndpointRepository } from '../ports/webhook.repositories';
import type { DeliveryState } from '../webhook.types';
import { adminEndpoint } from './webhook-endpoint-access';

/** An endpoint's deliveries, oldest first, each with every attempt; optionally one state only. */
@Injectable()
export class ListWebhookDeliveries {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  async execute(caller: Caller, endpointId: string, query: { state?: DeliveryState; limit: number; cursor?: string }) {
    await adminEndpoint(this.endpoints, caller, endpointId);
    const after = decodeListCursor(query.cursor);
    const rows = await this.deliveries.listForEndpoint(caller.tenantId, endpointId, { state: query.state, after, limit: query.limit + 1 });
    return pageOf(rows, query.limit);
  }
}
