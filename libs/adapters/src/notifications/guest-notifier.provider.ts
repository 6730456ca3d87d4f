import type { Provider } from '@nestjs/common';
import { GuestNotifier } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { SandboxGuestNotifier } from './sandbox-guest.notifier';

/**
 * The guest channel: SMTP when SMTP_URL is set, the sandbox otherwise. The SMTP notifier's module
 * (and nodemailer's 39 modules) is loaded only by a process configured for it, still at boot
 * (docs/performance.md "Modules loaded when first used").
 */
export const guestNotifierProvider: Provider = {
  provide: GuestNotifier,
  inject: [AppConfig],
  useFactory: async (config: AppConfig): Promise<GuestNotifier> => {
    if (!config.smtpUrl) return new SandboxGuestNotifier();
    const { SmtpGuestNotifier } = await import('./smtp-guest.notifier');
    return new SmtpGuestNotifier(config);
  },
};
