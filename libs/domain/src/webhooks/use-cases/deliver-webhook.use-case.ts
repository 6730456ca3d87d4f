import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, SecretBox } from '@hcs/platform';
import {
  ClaimedDelivery,
  SendResult,
  WebhookDeliveryQueue,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookSender,
} from '../ports/webhook.repositories';
import { attemptVerdict, retryDelayMs } from '../rules/delivery-outcome';
import { eventEnvelope } from '../rules/event-envelope';
import type { DeliveryJobRef, DeliveryState } from '../webhook.types';
import { ATTEMPT_TIMEOUT_MS } from './signing-secrets';

export type DeliveryStep = 'stale' | Exclude<DeliveryState, 'in_flight'>;

/**
 * One attempt of one delivery (docs/events.md "Retries"): claims it, signs the event with the
 * endpoint's secrets (`webhook-id` = event id, the same on every attempt), POSTs it with a 10 s
 * budget, records the attempt and decides: succeeded, retry on the schedule with jitter (pending),
 * failed (final answer; 410 also disables the endpoint) or dead (schedule spent).
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
  ) {}

  async execute(ref: DeliveryJobRef): Promise<DeliveryStep> {
    const claimed = await this.deliveries.claim(ref);
    if (!claimed) return 'stale';
    const at = new Date();
    const result = await this.attempt(claimed);
    const verdict = result.status === null && result.error === ENDPOINT_DISABLED ? 'final' : attemptVerdict(result.status);
    let state: Exclude<DeliveryState, 'in_flight'>;
    let nextAttemptAt: Date | null = null;
    if (verdict === 'succeeded') state = 'succeeded';
    else if (verdict === 'final' || verdict === 'gone') state = 'failed';
    else {
      const delay = retryDelayMs(this.config.webhookRetryScheduleSeconds, ref.attempt, Math.random());
      state = delay === null ? 'dead' : 'pending';
      nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
    }
    const recorded = await this.deliveries.finishAttempt({
      ref,
      attempt: { at, status: result.status, durationMs: result.durationMs, error: result.error },
      state,
      nextAttemptAt,
    });
    if (!recorded) return 'stale';
    if (verdict === 'gone') {
      await this.endpoints.update(ref.tenantId, claimed.endpointId, { status: 'disabled', disabledReason: 'the receiver answered 410 Gone' });
    }
    if (state === 'pending' && nextAttemptAt) {
      // A lost enqueue is not lost work: the catch-up finds overdue pending deliveries.
      await this.queue.enqueue([{ ...ref, attempt: ref.attempt + 1, at: nextAttemptAt }]).catch((error: unknown) => {
        this.logger.warn({ delivery_id: ref.deliveryId, err: error }, 'retry could not be enqueued; the catch-up will');
      });
    }
    return state;
  }

  private async attempt({ endpoint, event, sandboxReceiverDown }: ClaimedDelivery): Promise<SendResult> {
    if (!endpoint || endpoint.status !== 'enabled' || !event) return { status: null, durationMs: 0, error: ENDPOINT_DISABLED };
    if (sandboxReceiverDown) return { status: 503, durationMs: 0, error: RECEIVER_DOWN };
    const secrets = [endpoint.sealed.current, ...(endpoint.sealed.previous ? [endpoint.sealed.previous] : [])].map((s) => this.box.open(s));
    return this.sender.send({ url: endpoint.url, webhookId: event.id, body: JSON.stringify(eventEnvelope(event)), secrets, timeoutMs: ATTEMPT_TIMEOUT_MS });
  }
}

const ENDPOINT_DISABLED = 'the endpoint is disabled or deleted';
/** Sandbox `webhook_receiver_down` (docs/sandbox.md): nothing is sent, the attempt fails as a 503 would. */
const RECEIVER_DOWN = 'sandbox scenario webhook_receiver_down: the receiver is down until this delivery is replayed';
