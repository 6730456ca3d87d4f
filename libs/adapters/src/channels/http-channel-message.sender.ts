import { Injectable } from '@nestjs/common';
import { attemptFailureKind, ChannelMessage, ChannelMessageSender, ChannelSendResult, describeAttemptFailure, describeStatus } from '@hcs/domain';
import { AppConfig, OutboundRefused, sendOutbound } from '@hcs/platform';

/**
 * POSTs an OTA_HotelResNotifRQ as plain XML under the outbound address rule of webhooks
 * (`WEBHOOK_ALLOW_PRIVATE` included) and hands back the answer's body for the RS to be read.
 * Errors are worded as webhook attempt errors (`attempt-error.ts`): never the receiver's body.
 */
@Injectable()
export class HttpChannelMessageSender extends ChannelMessageSender {
  constructor(private readonly config: AppConfig) {
    super();
  }

  async send(message: ChannelMessage): Promise<ChannelSendResult> {
    const started = performance.now();
    try {
      const answer = await sendOutbound(
        {
          url: message.url,
          method: 'POST',
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            accept: 'application/xml, text/xml',
            'user-agent': `${this.config.serviceName}/${this.config.serviceVersion}`,
            authorization: message.authorization,
          },
          body: message.body,
          timeoutMs: message.timeoutMs,
        },
        { allowPrivate: this.config.webhookAllowPrivate },
      );
      const ok = answer.status >= 200 && answer.status < 300;
      return { status: answer.status, durationMs: answer.durationMs, error: ok ? null : describeStatus(answer.status), body: ok ? answer.body : '' };
    } catch (error) {
      const kind = attemptFailureKind(error, error instanceof OutboundRefused);
      return { status: null, durationMs: Math.round(performance.now() - started), error: describeAttemptFailure(kind), body: '' };
    }
  }
}
