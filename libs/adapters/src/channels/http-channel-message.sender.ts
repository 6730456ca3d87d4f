import { Injectable } from '@nestjs/common';
import { ChannelMessage, ChannelMessageSender, ChannelSendResult } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { postAttempt } from '../webhooks/outbound-attempt';

/**
 * POSTs an OTA_HotelResNotifRQ as plain XML with the connection's credential, under the outbound
 * address rule of webhooks, and hands back the answer's body for the RS to be read
 * (docs/channels-out.md).
 */
@Injectable()
export class HttpChannelMessageSender extends ChannelMessageSender {
  constructor(private readonly config: AppConfig) {
    super();
  }

  send(message: ChannelMessage): Promise<ChannelSendResult> {
    return postAttempt(this.config, {
      url: message.url,
      headers: { 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml, text/xml', authorization: message.authorization },
      body: message.body,
      timeoutMs: message.timeoutMs,
    });
  }
}
