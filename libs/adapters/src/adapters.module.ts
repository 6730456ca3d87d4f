import { Global, Module } from '@nestjs/common';
import { AdvisorLlmClient, ChannelMessageSender, PaymentProvider, RenderedFeedStore, WebhookSender } from '@hcs/domain';
import { AppConfig, Metrics, SandboxScenarioContext } from '@hcs/platform';
import { PaymentRecordFragment } from '@hcs/persistence';
import { OpenAiCompatibleLlmClient } from './advisor/openai-compatible-llm.client';
import { guestNotifierProvider } from './notifications/guest-notifier.provider';
import { paymentProviderFor } from './payments/exit-after-charge.fault';
import { MeteredPaymentProvider } from './payments/metered-payment.provider';
import { stripeClientFor } from './payments/stripe/stripe-client';
import { StripePaymentProvider } from './payments/stripe/stripe-payment.provider';
import { StripeWebhookEvents } from './payments/stripe/stripe-webhook-events';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment.provider';
import { SandboxLedgerAtBegin } from './sandbox/sandbox-ledger-at-begin';
import { ScenarioPaymentProvider } from './sandbox/scenario-payment.provider';
import { HttpWebhookSender } from './webhooks/http-webhook.sender';
import { HttpChannelMessageSender } from './channels/http-channel-message.sender';
import { sandboxWebhookSender } from './sandbox/sandbox-webhook.sender';
import { RedisRenderedFeedStore } from './feeds/redis-rendered-feed.store';

/** The sandbox with its payment scenarios, writing the ledger row of an immediate charge in the booking's begin statement. */
function sandboxPaymentProvider(sandbox: SandboxPaymentProvider, scenario: SandboxScenarioContext): PaymentProvider {
  const scenarios = new ScenarioPaymentProvider(sandbox, scenario);
  sandbox.recordImmediateChargesAtBegin((token) => scenarios.behavesAs(token));
  return scenarios;
}

function stripePaymentProvider(config: AppConfig): PaymentProvider {
  return new StripePaymentProvider(stripeClientFor(config), config.baseUrl);
}

const adapters = [
  // The built-in sandbox is the default provider; PAYMENT_PROVIDER=stripe binds Stripe instead
  // (docs/payments.md). Bound, the sandbox writes the ledger row of a charge it decides
  // at once in the booking's begin statement (PaymentRecordFragment), and the payment scenarios
  // make its charges behave as their cards (docs/sandbox.md). Where the process has a metrics registry (api, worker) every charge is
  // counted and timed; a test process may wrap it with a fault hook (inert unless NODE_ENV=test).
  SandboxLedgerAtBegin,
  { provide: PaymentRecordFragment, useExisting: SandboxLedgerAtBegin },
  SandboxPaymentProvider,
  {
    provide: PaymentProvider,
    inject: [SandboxPaymentProvider, SandboxScenarioContext, AppConfig, { token: Metrics, optional: true }],
    useFactory: (sandbox: SandboxPaymentProvider, scenario: SandboxScenarioContext, config: AppConfig, metrics?: Metrics) => {
      const provider = config.paymentProvider === 'stripe' ? stripePaymentProvider(config) : sandboxPaymentProvider(sandbox, scenario);
      return paymentProviderFor(metrics ? new MeteredPaymentProvider(provider, metrics) : provider, config);
    },
  },
  { provide: AdvisorLlmClient, useClass: OpenAiCompatibleLlmClient },
  // Outside production the sandbox's `webhook_receiver_down` answers for the receiver (docs/sandbox.md).
  HttpWebhookSender,
  { provide: WebhookSender, ...sandboxWebhookSender(HttpWebhookSender) },
  // Channel managers' receivers of OTA_HotelResNotifRQ (docs/channels-out.md).
  { provide: ChannelMessageSender, useClass: HttpChannelMessageSender },
  // Connects on first use: only the api's feed routes use it.
  { provide: RenderedFeedStore, useClass: RedisRenderedFeedStore },
  guestNotifierProvider,
  // Reads the signed deliveries of POST /webhooks/stripe.
  StripeWebhookEvents,
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
