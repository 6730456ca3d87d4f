import { Injectable } from '@nestjs/common';
import { GuestNotifier, RenderedMessage } from '@hcs/domain';

/**
 * The default channel: nothing leaves the service. Delivery accepts the rendered message, which
 * the follow-up then keeps (`rendered`), so the list shows exactly what the guest would read.
 */
@Injectable()
export class SandboxGuestNotifier extends GuestNotifier {
  readonly channel = 'sandbox' as const;

  async deliver(message: RenderedMessage): Promise<void> {
    if (!message.to) throw new Error('the booking has no guest email');
  }
}
