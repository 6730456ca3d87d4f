import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { attemptFailureKind, describeAttemptFailure, describeStatus, SendResult, SignedMessage, WebhookSender } from '@hcs/domain';
import { AppConfig, OutboundRefused, sendOutbound } from '@hcs/platform';

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
    const started = performance.now();
    try {
      const answer = await sendOutbound(
        {
          url: message.url,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': `${this.config.serviceName}/${this.config.serviceVersion}`,
            'webhook-id': message.webhookId,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body: message.body,
          timeoutMs: message.timeoutMs,
        },
        { allowPrivate: this.config.webhookAllowPrivate },
      );
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        status: answer.status,
        durationMs: answer.durationMs,
        error: ok ? null : describeStatus(answer.status),
      };
    } catch (error) {
      const kind = attemptFailureKind(error, error instanceof OutboundRefused);
      return { status: null, durationMs: Math.round(performance.now() - started), error: describeAttemptFailure(kind) };
    }
  }
}
