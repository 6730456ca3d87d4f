import { Injectable } from '@nestjs/common';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { decodeListCursor, pageOf } from '../rules/list-cursor';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import { Outcome } from '@hcs/contracts';
import { webhookEndpointView } from '../webhook.views';

/** One page of the tenant's endpoints, oldest first. */
export interface ListWebhookEndpointsCommand {
  limit: number;
  cursor?: string;
}

/** The tenant's endpoints, oldest first, cursor paged; never secrets. */
@Injectable()
export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(command: ListWebhookEndpointsCommand, caller: Caller): Promise<Outcome> {
    const page = await this.page(caller, command);
    return new Outcome({ items: page.items.map(webhookEndpointView), next_cursor: page.nextCursor });
  }

  private async page(caller: Caller, page: { limit: number; cursor?: string }) {
    requireKind(caller, 'admin');
    const rows = await this.endpoints.list(caller.tenantId, decodeListCursor(page.cursor), page.limit + 1);
    return pageOf(rows, page.limit);
  }
}
