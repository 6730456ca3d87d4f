import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { envelopeAddress, GuestNotifier, RenderedMessage } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';

/** One SMTP conversation may take this long before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 10_000;

/** Email through the SMTP server of SMTP_URL, the tenant's sender name at FOLLOW_UP_FROM's address (nodemailer). */
@Injectable()
export class SmtpGuestNotifier extends GuestNotifier implements OnModuleDestroy {
  readonly channel = 'email' as const;
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    super();
    const options: SMTPTransport.Options = {
      url: config.smtpUrl as string,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    };
    this.transport = createTransport(options);
  }

  async deliver(message: RenderedMessage): Promise<void> {
    // The envelope sender stays FOLLOW_UP_FROM's address; the header names the tenant (docs/follow-ups.md).
    await this.transport.sendMail({
      from: message.from ?? this.config.followUpFrom,
      envelope: { from: envelopeAddress(this.config.followUpFrom), to: message.to },
      ...(message.reply_to ? { replyTo: message.reply_to } : {}),
      to: message.to,
      subject: message.subject,
      text: message.body,
      headers: { 'Content-Language': message.locale },
    });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
