import { FactoryProvider } from '@nestjs/common';
import { SendResult, SignedMessage, standInReceiverDown, WebhookSender } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { SandboxEffects } from './sandbox-effects';

/** What admins read on an attempt `webhook_receiver_down` failed (docs/sandbox.md). */
export const RECEIVER_DOWN_ERROR = standInReceiverDown('sandbox scenario webhook_receiver_down');

/**
 * `webhook_receiver_down` (docs/sandbox.md): a delivery of an event written by a request sent with
 * the scenario (its trace is marked) fails as a receiver answering 503 would, without contacting
 * the receiver, on every attempt of its first chain; an admin replay starts another chain, which is
 * sent for real. Anything else goes to the real sender as it is.
 *
 * Its cost, outside production only (`sandboxWebhookSender` binds the real sender alone in
 * production, where no scenario is accepted): none while no trace was ever marked
 * (`SandboxEffects` hears every new mark), then one statement (two primary-key reads) before each
 * first-chain attempt; replays and endpoint tests send none.
 */
export class SandboxWebhookSender extends WebhookSender {
  constructor(
    private readonly inner: WebhookSender,
    private readonly effects: SandboxEffects,
  ) {
    super();
  }

  async send(message: SignedMessage): Promise<SendResult> {
    const delivery = message.delivery;
    if (delivery && delivery.chain === 1 && (await this.effects.receiverDownFor(delivery.tenantId, message.webhookId))) {
      return { status: 503, durationMs: 0, error: RECEIVER_DOWN_ERROR };
    }
    return this.inner.send(message);
  }
}

/**
 * The `WebhookSender` binding with the sandbox in front of `real` (a class provider bound beside
 * it): `{ provide: WebhookSender, ...sandboxWebhookSender(HttpWebhookSender) }`.
 */
export function sandboxWebhookSender(real: new (...args: never[]) => WebhookSender): Omit<FactoryProvider<WebhookSender>, 'provide'> {
  return {
    inject: [real, SandboxEffects, AppConfig],
    useFactory: (sender: WebhookSender, effects: SandboxEffects, config: AppConfig) =>
      config.nodeEnv === 'production' ? sender : new SandboxWebhookSender(sender, effects),
  };
}
