import type { Provider } from '@nestjs/common';
import { GuestNotifier } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { SandboxGuestNotifier } from './sandbox-guest.notifier';
import { SmtpGuestNotifier } from './smtp-guest.notifier';

/** The guest channel: SMTP when SMTP_URL is set, the sandbox otherwise. */
export const guestNotifierProvider: Provider = {
  provide: GuestNotifier,
  inject: [AppConfig],
  useFactory: (config: AppConfig) => (config.smtpUrl ? new SmtpGuestNotifier(config) : new SandboxGuestNotifier()),
};
