import { Injectable } from '@nestjs/common';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { decodeListCursor, pageOf } from '../list-cursor';
import { WebhookEndpointRepository } from '../ports/webhook.repositories';

/** The tenant's endpoints, oldest first, cursor paged; never secrets. */
@Injectable()
export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(caller: Caller, page: { limit: number; cursor?: string }) {
    requireKind(caller, 'admin');
    const rows = await this.endpoints.list(caller.tenantId, decodeListCursor(page.cursor), page.limit + 1);
    return pageOf(rows, page.limit);
  }
}
