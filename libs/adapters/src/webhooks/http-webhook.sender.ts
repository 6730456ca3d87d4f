import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { SendResult, SignedMessage, WebhookSender } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { postAttempt } from './outbound-attempt';

/**
 * Errors say what happened in fixed words (`attempt-error.ts`): never the receiver's body or a
 * network error's raw text.
 *
 * Signs per Standard Webhooks with the `standardwebhooks` package (`webhook-signature` carries one
 * `v1,<sig>` per secret during a rotation overlap) and POSTs under the outbound address rule.
 */
@Injectable()
export class HttpWebhookSender extends WebhookSender {
  constructor(private readonly config: AppConfig) {
    super();
  }

  async send(message: SignedMessage): Promise<SendResult> {
    const timestamp = new Date();
    const signature = message.secrets.map((secret) => new Webhook(secret).sign(message.webhookId, timestamp, message.body)).join(' ');
    const { status, durationMs, error } = await postAttempt(this.config, {
      url: message.url,
      headers: {
        'content-type': 'application/json',
        'webhook-id': message.webhookId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: message.body,
      timeoutMs: message.timeoutMs,
    });
    return { status, durationMs, error };
  }
}
