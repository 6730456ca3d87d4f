import { Global, Module } from '@nestjs/common';
import { AdvisorLlmClient, PaymentProvider, RenderedFeedStore, WebhookSender } from '@hcs/domain';
import { AppConfig, Metrics } from '@hcs/platform';
import { OpenAiCompatibleLlmClient } from './advisor/openai-compatible-llm.client';
import { guestNotifierProvider } from './notifications/guest-notifier.provider';
import { paymentProviderFor } from './payments/exit-after-charge.fault';
import { MeteredPaymentProvider } from './payments/metered-payment.provider';
import { SandboxPaymentProvider } from './payments/sandbox-payment.provider';
import { HttpWebhookSender } from './webhooks/http-webhook.sender';
import { RedisRenderedFeedStore } from './feeds/redis-rendered-feed.store';

const adapters = [
  // The built-in sandbox is the default provider; a real adapter replaces this binding. Bound, it
  // lets the booking's begin statement write the ledger row of a charge decided at once
  // (docs/performance.md). Where the process has a metrics registry (api, worker) every charge is
  // counted and timed; a test process may wrap it with a fault hook (inert unless NODE_ENV=test).
  SandboxPaymentProvider,
  {
    provide: PaymentProvider,
    inject: [SandboxPaymentProvider, AppConfig, { token: Metrics, optional: true }],
    useFactory: (sandbox: SandboxPaymentProvider, config: AppConfig, metrics?: Metrics) => {
      sandbox.recordImmediateChargesAtBegin();
      return paymentProviderFor(metrics ? new MeteredPaymentProvider(sandbox, metrics) : sandbox, config);
    },
  },
  { provide: AdvisorLlmClient, useClass: OpenAiCompatibleLlmClient },
  { provide: WebhookSender, useClass: HttpWebhookSender },
  // Connects on first use: only the api's feed routes use it.
  { provide: RenderedFeedStore, useClass: RedisRenderedFeedStore },
  guestNotifierProvider,
];

/**
 * The domain ports that talk to the outside world rather than to our database: the payment
 * provider, the advisor's LLM, the webhook sender, the guest mailer and the store of rendered feeds. Queue-backed ports are in
 * `QueueAdaptersModule` (they need `QueuesModule`).
 */
@Global()
@Module({
  providers: adapters,
  exports: adapters.map((a) => ('provide' in a ? a.provide : a)),
})
export class AdaptersModule {}
