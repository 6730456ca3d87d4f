import type { FollowUpChannel, RenderedMessage } from '../follow-up.types';

/**
 * Port: the channel that carries a rendered follow-up to the guest. `deliver` resolves once the
 * channel accepted the message and throws when it refused (the caller retries, then fails it).
 */
export abstract class GuestNotifier {
  abstract readonly channel: FollowUpChannel;
  abstract deliver(message: RenderedMessage): Promise<void>;
}
