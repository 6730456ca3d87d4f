import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, rowLabel, SecretBox } from '@hcs/platform';
import { ClaimedDelivery, WebhookDeliveryRepository } from '../ports/webhook-delivery.repository';
import { SendResult, WebhookSender } from '../ports/webhook.sender';
import { WebhookDeliveryQueue } from '../ports/webhook-delivery.queue';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import { attemptVerdict, deliveryMove } from '../rules/delivery-outcome';
import { eventEnvelope } from '../rules/event-envelope';
import type { DeliveryJobRef, DeliveryState } from '../webhook.types';
import { EndpointHealth } from '../services/endpoint-health';
import { ATTEMPT_TIMEOUT_MS } from '../services/signing-secrets';

export type DeliveryStep = 'stale' | Exclude<DeliveryState, 'in_flight'>;

/**
 * One attempt of one delivery (docs/events.md "Retries"): claims it, signs the event with the
 * endpoint's secrets (`webhook-id` = event id, the same on every attempt), POSTs it with a 10 s
 * budget, records the attempt and decides: succeeded, retry on the schedule with jitter (pending),
 * failed (final answer; 410 also disables the endpoint) or dead (schedule spent). The endpoint's
 * failing run is kept after each attempt (`EndpointHealth`).
 */
@Injectable()
export class DeliverWebhook {
  private readonly logger = new Logger('WebhookDelivery');

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly sender: WebhookSender,
    private readonly queue: WebhookDeliveryQueue,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
    private readonly health: EndpointHealth,
  ) {}

  async execute(ref: DeliveryJobRef): Promise<DeliveryStep> {
    const claimed = await this.deliveries.claim(ref);
    if (!claimed) return 'stale';
    const at = new Date();
    const result = await this.attempt(ref, claimed);
    const verdict = result.status === null && result.error === ENDPOINT_DISABLED ? 'final' : attemptVerdict(result.status);
    const { state, nextAttemptAt } = deliveryMove(verdict, this.config.webhookRetryScheduleSeconds, ref.attempt, Math.random(), Date.now());
    const recorded = await this.deliveries.finishAttempt({
      ref,
      attempt: { at, status: result.status, durationMs: result.durationMs, error: result.error },
      state,
      nextAttemptAt,
    });
    if (!recorded) return 'stale';
    if (claimed.endpoint?.status === 'enabled' && claimed.event) {
      await this.health.afterAttempt(ref.tenantId, claimed.endpointId, verdict, claimed.endpoint.failingSince);
    }
    if (state === 'pending' && nextAttemptAt) {
      // A lost enqueue is not lost work: the catch-up finds overdue pending deliveries.
      await this.queue.enqueue([{ ...ref, attempt: ref.attempt + 1, at: nextAttemptAt }]).catch((error: unknown) => {
        this.logger.warn({ delivery_id: ref.deliveryId, err: error }, 'retry could not be enqueued; the catch-up will');
      });
    }
    return state;
  }

  private async attempt(ref: DeliveryJobRef, { endpointId, endpoint, event }: ClaimedDelivery): Promise<SendResult> {
    if (!endpoint || endpoint.status !== 'enabled' || !event) return { status: null, durationMs: 0, error: ENDPOINT_DISABLED };
    const secrets = [endpoint.sealed.current, ...(endpoint.sealed.previous ? [endpoint.sealed.previous] : [])].map((s) =>
      this.box.open(s, rowLabel('webhook_endpoints', endpointId)),
    );
    return this.sender.send({
      delivery: { tenantId: ref.tenantId, deliveryId: ref.deliveryId, chain: ref.chain },
      url: endpoint.url,
      webhookId: event.id,
      body: JSON.stringify(eventEnvelope(event)),
      secrets,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
    });
  }
}

const ENDPOINT_DISABLED = 'the endpoint is disabled or deleted';
