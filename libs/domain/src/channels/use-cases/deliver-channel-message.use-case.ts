import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, rowLabel, SecretBox } from '@hcs/platform';
import type { AuditActor } from '../../booking/chain.types';
import { chainAuditEvent } from '../../booking/rules/audit-entry';
import { ChainRecorder } from '../../booking/services/chain-recorder';
import { WebhookDeliveryQueue } from '../../webhooks/ports/webhook-delivery.queue';
import { attemptVerdict, deliveryMove } from '../../webhooks/rules/delivery-outcome';
import { ATTEMPT_TIMEOUT_MS } from '../../webhooks/services/signing-secrets';
import type { DeliveryStep } from '../../webhooks/use-cases/deliver-webhook.use-case';
import type { DeliveryJobRef } from '../../webhooks/webhook.types';
import { ChannelDeliveryRepository, ClaimedChannelDelivery } from '../ports/channel-delivery.repository';
import { ChannelMessageSender, ChannelSendResult } from '../ports/channel-message.sender';
import { describeAnswer, readResNotifAnswer } from '../rules/res-notif-answer';
import { resNotifBooking, resNotifMessage, ResNotifBooking } from '../rules/res-notif-message';

const CHANNEL_ACTOR: AuditActor = { kind: 'system', id: 'channel-delivery' };

/** Errors of an attempt that could not be made, in our words. */
export const CHANNEL_GONE = 'the connection, its event or its codes are gone';

interface AttemptOutcome {
  result: ChannelSendResult;
  /** `acknowledged`: the receiver answered `<Success/>`; `retry`: try again; `final`: never will succeed. */
  verdict: 'acknowledged' | 'retry' | 'final';
  confirmationId: string | null;
  booking: ResNotifBooking | null;
}

/**
 * One attempt of one channel delivery (docs/channels-out.md "Retries"): claims it, builds the
 * OTA_HotelResNotifRQ from the event's booking read, POSTs it with the connection's credential in a
 * 10 s budget, reads the answer and decides as a webhook attempt does (`delivery-outcome.ts`):
 * acknowledged (an RS with `<Success/>`) succeeds, an RS with `<Errors>`, an unreadable answer, a
 * 5xx/408/429 or no answer retries on the schedule, other 4xx are final; a spent schedule is dead.
 * An acknowledgement's confirmation number is kept on the booking with an audit entry
 * `booking.property_confirmed` (once per new number).
 */
@Injectable()
export class DeliverChannelMessage {
  private readonly logger = new Logger('ChannelDelivery');

  constructor(
    private readonly deliveries: ChannelDeliveryRepository,
    private readonly sender: ChannelMessageSender,
    private readonly queue: WebhookDeliveryQueue,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
    private readonly recorder: ChainRecorder,
  ) {}

  async execute(ref: DeliveryJobRef): Promise<DeliveryStep> {
    const claimed = await this.deliveries.claim(ref);
    if (!claimed) return 'stale';
    const at = new Date();
    const outcome = await this.attempt(claimed);
    const verdict = outcome.verdict === 'acknowledged' ? 'succeeded' : outcome.verdict;
    const { state, nextAttemptAt } = deliveryMove(verdict, this.config.webhookRetryScheduleSeconds, ref.attempt, Math.random(), Date.now());
    const { result } = outcome;
    const { recorded, confirmed } = await this.deliveries.finishAttempt({
      ref,
      attempt: { at, status: result.status, durationMs: result.durationMs, error: result.error },
      state,
      nextAttemptAt,
      acknowledgedId: outcome.confirmationId,
    });
    if (!recorded) return 'stale';
    if (confirmed && outcome.confirmationId && outcome.booking) await this.audit(ref.tenantId, outcome.booking, outcome.confirmationId);
    if (state === 'pending' && nextAttemptAt) {
      // A lost enqueue is not lost work: the catch-up finds overdue pending deliveries.
      await this.queue.enqueue([{ ...ref, attempt: ref.attempt + 1, at: nextAttemptAt }]).catch((error: unknown) => {
        this.logger.warn({ delivery_id: ref.deliveryId, err: error }, 'retry could not be enqueued; the catch-up will');
      });
    }
    return state;
  }

  private async attempt({ connection, event, codes }: ClaimedChannelDelivery): Promise<AttemptOutcome> {
    const booking = event ? resNotifBooking(event.payload) : null;
    if (!connection || !event || !codes || !booking) {
      return { result: { status: null, durationMs: 0, error: CHANNEL_GONE, body: '' }, verdict: 'final', confirmationId: null, booking: null };
    }
    const secret = this.box.open(connection.sealedSecret, rowLabel('channel_connections', connection.id));
    const authorization =
      connection.authType === 'basic' ? `Basic ${Buffer.from(`${connection.authUsername ?? ''}:${secret}`, 'utf8').toString('base64')}` : `Bearer ${secret}`;
    const result = await this.sender.send({
      url: connection.url,
      body: resNotifMessage(event, booking, codes, this.config.serviceName),
      authorization,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
    });
    const http = attemptVerdict(result.status);
    if (http === 'final' || http === 'gone') return { result, verdict: 'final', confirmationId: null, booking };
    if (http === 'retry') return { result, verdict: 'retry', confirmationId: null, booking };
    const answer = readResNotifAnswer(result.body);
    if (answer.kind === 'acknowledged') return { result, verdict: 'acknowledged', confirmationId: answer.confirmationId, booking };
    return { result: { ...result, error: describeAnswer(answer) }, verdict: 'retry', confirmationId: null, booking };
  }

  /** The audit entry of a new confirmation number, in the booking's timeline. */
  private async audit(tenantId: string, booking: ResNotifBooking, confirmationId: string): Promise<void> {
    if (!booking.quote_id) return;
    await this.recorder.append(
      chainAuditEvent(
        { tenantId, quoteId: booking.quote_id, holdId: booking.hold_id ?? null, bookingId: booking.booking_id },
        'booking.property_confirmed',
        { actor: CHANNEL_ACTOR, traceId: this.recorder.traceId },
        { property_confirmation_id: confirmationId },
      ),
    );
  }
}
