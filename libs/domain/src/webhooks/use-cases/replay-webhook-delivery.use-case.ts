import { Injectable } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { WebhookDeliveryQueue } from '../ports/webhook-delivery.queue';
import { WebhookDeliveryRepository } from '../ports/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { WebhookDeliveryRecord } from '../webhook.types';
import { adminEndpoint } from '../services/webhook-endpoint-access';
import { Outcome } from '@hcs/contracts';
import { webhookDeliveryView } from '../webhook.views';
import { webhookNextActions } from '../next-actions';

const firstAttemptOf = (d: WebhookDeliveryRecord) => ({ tenantId: d.tenantId, deliveryId: d.id, chain: d.chain, attempt: 1, at: d.nextAttemptAt ?? undefined });

/**
 * Replays a failed or dead delivery: a new chain of attempts on the retry schedule, with the same
 * event and so the same `webhook-id`. Pending or in flight → webhook_delivery_not_replayable.
 * If the queue is down the delivery stays pending and the worker's catch-up picks it up.
 */
@Injectable()
export class ReplayWebhookDelivery {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly queue: WebhookDeliveryQueue,
    private readonly config: AppConfig,
  ) {}

  async execute(command: { deliveryId: string }, caller: Caller): Promise<Outcome> {
    const delivery = await this.replayOne(caller, command.deliveryId);
    return new Outcome(webhookDeliveryView(delivery), { next_actions: [webhookNextActions.listDeliveries(delivery.endpointId)] });
  }

  private async replayOne(caller: Caller, deliveryId: string): Promise<WebhookDeliveryRecord> {
    requireKind(caller, 'admin');
    const current = await this.deliveries.findById(caller.tenantId, deliveryId);
    if (!current) throw new DomainError('webhook_delivery_not_found', { detail: { delivery_id: deliveryId } });
    const restarted = await this.deliveries.restart(caller.tenantId, deliveryId);
    if (!restarted) {
      const now = await this.deliveries.findById(caller.tenantId, deliveryId);
      throw new DomainError('webhook_delivery_not_replayable', { detail: { delivery_id: deliveryId, state: now?.state ?? current.state } });
    }
    await this.queue.enqueue([firstAttemptOf(restarted)]).catch(() => undefined);
    return restarted;
  }

  async executeAll(command: { endpointId: string; state: 'dead' | 'failed' }, caller: Caller): Promise<Outcome> {
    const replayed = await this.replayAll(caller, command.endpointId, command.state);
    return new Outcome({ items: replayed.map(webhookDeliveryView) }, { next_actions: [webhookNextActions.listDeliveries(command.endpointId)] });
  }

  /**
   * Every dead (or failed) delivery of one endpoint, paced at `WEBHOOK_REPLAY_PER_SECOND`: the
   * n-th is due n / rate seconds from now (its `next_attempt_at`), so a dead letter of thousands
   * reaches a recovering receiver as a steady stream rather than all at once.
   */
  private async replayAll(caller: Caller, endpointId: string, state: 'dead' | 'failed'): Promise<WebhookDeliveryRecord[]> {
    await adminEndpoint(this.endpoints, caller, endpointId);
    const restarted = await this.deliveries.restartAll(caller.tenantId, endpointId, state, this.config.webhookReplayPerSecond);
    if (restarted.length > 0) await this.queue.enqueue(restarted.map(firstAttemptOf)).catch(() => undefined);
    return restarted;
  }
}
