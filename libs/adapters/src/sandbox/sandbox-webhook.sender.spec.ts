import { adminAttemptError, SendResult, SignedMessage, WebhookSender } from '@hcs/domain';
import type { AppConfig } from '@hcs/platform';
import type { SandboxEffects } from './sandbox-effects';
import { RECEIVER_DOWN_ERROR, SandboxWebhookSender, sandboxWebhookSender } from './sandbox-webhook.sender';

class RecordingSender extends WebhookSender {
  sent: SignedMessage[] = [];
  async send(message: SignedMessage): Promise<SendResult> {
    this.sent.push(message);
    return { status: 200, durationMs: 5, error: null };
  }
}

describe('SandboxWebhookSender', () => {
  const marked = new Set(['event-down']);
  let lookups: string[];
  let real: RecordingSender;
  let sender: SandboxWebhookSender;
  const message = (webhookId: string, chain?: number): SignedMessage => ({
    ...(chain === undefined ? {} : { delivery: { tenantId: 't1', deliveryId: 'd1', chain } }),
    url: 'https://receiver.example/hook',
    webhookId,
    body: '{}',
    secrets: ['whsec_x'],
    timeoutMs: 10_000,
  });

  beforeEach(() => {
    lookups = [];
    real = new RecordingSender();
    const effects = {
      receiverDownFor: async (tenantId: string, eventId: string) => {
        lookups.push(`${tenantId} ${eventId}`);
        return marked.has(eventId);
      },
    } as unknown as SandboxEffects;
    sender = new SandboxWebhookSender(real, effects);
  });

  it("answers a first-chain delivery of a marked request's event as a receiver down (503), sending nothing", async () => {
    await expect(sender.send(message('event-down', 1))).resolves.toEqual({ status: 503, durationMs: 0, error: RECEIVER_DOWN_ERROR });
    expect(real.sent).toEqual([]);
    expect(RECEIVER_DOWN_ERROR).toBe('sandbox scenario webhook_receiver_down: the receiver is down until this delivery is replayed');
    expect(adminAttemptError(RECEIVER_DOWN_ERROR)).toBe(RECEIVER_DOWN_ERROR);
  });

  it('sends for real an unmarked event, a replay (later chain) and an endpoint test; only a first chain is looked up', async () => {
    await expect(sender.send(message('event-plain', 1))).resolves.toMatchObject({ status: 200 });
    await expect(sender.send(message('event-down', 2))).resolves.toMatchObject({ status: 200 });
    await expect(sender.send(message('event-down'))).resolves.toMatchObject({ status: 200 });
    expect(real.sent.map((m) => m.webhookId)).toEqual(['event-plain', 'event-down', 'event-down']);
    expect(lookups).toEqual(['t1 event-plain']);
  });

  it('is bound only outside production', () => {
    const effects = {} as SandboxEffects;
    const { useFactory } = sandboxWebhookSender(RecordingSender);
    expect(useFactory(real, effects, { nodeEnv: 'production' } as AppConfig)).toBe(real);
    expect(useFactory(real, effects, { nodeEnv: 'development' } as AppConfig)).toBeInstanceOf(SandboxWebhookSender);
  });
});
