import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { requireKind } from '../../identity/rules/access';
import { WebhookDeliveryQueue } from '../../webhooks/ports/webhook-delivery.queue';
import { decodeListCursor, pageOf } from '../../webhooks/rules/list-cursor';
import type { DeliveryState } from '../../webhooks/webhook.types';
import { channelDeliveryView } from '../channel-connection.views';
import { ChannelConnectionRepository } from '../ports/channel-connection.repository';
import { ChannelDeliveryRepository } from '../ports/channel-delivery.repository';
import { adminConnection, connectionNextActions } from './channel-connections.use-cases';

/** A connection's deliveries, oldest first, each with every attempt; optionally one state only. */
@Injectable()
export class ListChannelDeliveries {
  constructor(
    private readonly connections: ChannelConnectionRepository,
    private readonly deliveries: ChannelDeliveryRepository,
  ) {}

  async execute(command: { connectionId: string; state?: DeliveryState; limit: number; cursor?: string }, caller: Caller): Promise<Outcome> {
    await adminConnection(this.connections, caller, command.connectionId);
    const after = decodeListCursor(command.cursor);
    const rows = await this.deliveries.listForConnection(caller.tenantId, command.connectionId, { state: command.state, after, limit: command.limit + 1 });
    const page = pageOf(rows, command.limit);
    return new Outcome({ items: page.items.map(channelDeliveryView), next_cursor: page.nextCursor });
  }
}

/**
 * Replays a failed or dead delivery: a new chain of attempts on the retry schedule with the same
 * message (the same `EchoToken`). Pending or in flight → channel_delivery_not_replayable. If the
 * queue is down the delivery stays pending and the worker's catch-up picks it up.
 */
@Injectable()
export class ReplayChannelDelivery {
  constructor(
    private readonly deliveries: ChannelDeliveryRepository,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async execute(command: { deliveryId: string }, caller: Caller): Promise<Outcome> {
    requireKind(caller, 'admin');
    const current = await this.deliveries.findById(caller.tenantId, command.deliveryId);
    if (!current) throw new DomainError('channel_delivery_not_found', { detail: { delivery_id: command.deliveryId } });
    const restarted = await this.deliveries.restart(caller.tenantId, command.deliveryId);
    if (!restarted) {
      const now = await this.deliveries.findById(caller.tenantId, command.deliveryId);
      throw new DomainError('channel_delivery_not_replayable', { detail: { delivery_id: command.deliveryId, state: now?.state ?? current.state } });
    }
    await this.queue
      .enqueue([{ tenantId: restarted.tenantId, deliveryId: restarted.id, chain: restarted.chain, attempt: 1, target: 'channel' }])
      .catch(() => undefined);
    return new Outcome(channelDeliveryView(restarted), { next_actions: [connectionNextActions.listDeliveries(restarted.connectionId)] });
  }
}

/** Re-enqueues channel deliveries whose job was lost, as the webhook relay does for its own. */
@Injectable()
export class RequeueStrandedChannelDeliveries {
  constructor(
    private readonly deliveries: ChannelDeliveryRepository,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async execute(strandedAfterSeconds: number): Promise<number> {
    const refs = await this.deliveries.listStranded(strandedAfterSeconds, 500);
    if (refs.length > 0) await this.queue.enqueue(refs);
    return refs.length;
  }
}
