import { Module } from '@nestjs/common';
import { SecretBox } from '@hcs/platform';
import { CreateWebhookEndpoint } from './use-cases/create-webhook-endpoint.use-case';
import { DeleteWebhookEndpoint } from './use-cases/delete-webhook-endpoint.use-case';
import { DeliverWebhook } from './use-cases/deliver-webhook.use-case';
import { EndpointHealth } from './services/endpoint-health';
import { GetWebhookEndpoint } from './use-cases/get-webhook-endpoint.use-case';
import { ListWebhookDeliveries } from './use-cases/list-webhook-deliveries.use-case';
import { ListWebhookEndpoints } from './use-cases/list-webhook-endpoints.use-case';
import { RelayOutbox } from './use-cases/relay-outbox.use-case';
import { ReplayWebhookDelivery } from './use-cases/replay-webhook-delivery.use-case';
import { RotateWebhookSecret } from './use-cases/rotate-webhook-secret.use-case';
import { TestWebhookEndpoint } from './use-cases/test-webhook-endpoint.use-case';
import { UpdateWebhookEndpoint } from './use-cases/update-webhook-endpoint.use-case';

const useCases = [
  CreateWebhookEndpoint,
  ListWebhookEndpoints,
  GetWebhookEndpoint,
  UpdateWebhookEndpoint,
  DeleteWebhookEndpoint,
  RotateWebhookSecret,
  TestWebhookEndpoint,
  ListWebhookDeliveries,
  ReplayWebhookDelivery,
  RelayOutbox,
  DeliverWebhook,
];

/** Webhook endpoints, deliveries, the outbox relay (docs/events.md). */
@Module({ providers: [...useCases, EndpointHealth, SecretBox], exports: useCases })
export class WebhooksModule {}
