import { Injectable } from '@nestjs/common';
import type { Caller } from '../../identity/principal';
import { decodeListCursor, pageOf } from '../rules/list-cursor';
import { WebhookDeliveryRepository } from '../ports/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { DeliveryState } from '../webhook.types';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookDeliveryView } from '../webhook.views';

/** One page of an endpoint's deliveries, oldest first, optionally in one state. */
export interface ListWebhookDeliveriesCommand {
  endpointId: string;
  state?: DeliveryState;
  limit: number;
  cursor?: string;
}

/** An endpoint's deliveries, oldest first, each with every attempt; optionally one state only. */
@Injectable()
export class ListWebhookDeliveries {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  async execute(command: ListWebhookDeliveriesCommand, caller: Caller): Promise<Outcome> {
    const page = await this.page(caller, command.endpointId, command);
    return new Outcome({ items: page.items.map(webhookDeliveryView), next_cursor: page.nextCursor });
  }

  private async page(caller: Caller, endpointId: string, query: { state?: DeliveryState; limit: number; cursor?: string }) {
    await adminEndpoint(this.endpoints, caller, endpointId);
    const after = decodeListCursor(query.cursor);
    const rows = await this.deliveries.listForEndpoint(caller.tenantId, endpointId, { state: query.state, after, limit: query.limit + 1 });
    return pageOf(rows, query.limit);
  }
}
