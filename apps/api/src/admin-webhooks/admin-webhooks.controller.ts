import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  GetWebhookEndpoint,
  ListWebhookDeliveries,
  ListWebhookEndpoints,
  ReplayWebhookDelivery,
  RotateWebhookSecret,
  TestWebhookEndpoint,
  UpdateWebhookEndpoint,
  validationFailed,
  webhookDeliveryView,
  webhookEndpointView,
  webhookNextActions,
} from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { PageQueryDto } from '../http/dto/page.query.dto';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { CreateWebhookRequestDto, ListDeliveriesQueryDto, ReplayDeliveriesRequestDto, UpdateWebhookRequestDto } from './dto/admin-webhooks.request.dto';
import {
  ReplayedDeliveriesModel,
  WebhookDeliveryModel,
  WebhookDeliveryPageModel,
  WebhookEndpointModel,
  WebhookEndpointPageModel,
  WebhookEndpointWithSecretModel,
  WebhookTestResultModel,
} from './dto/admin-webhooks.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/** Tenant admins manage webhook receivers and their deliveries (docs/events.md "Admin routes"). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin')
export class AdminWebhooksController {
  constructor(
    private readonly createEndpoint: CreateWebhookEndpoint,
    private readonly listEndpoints: ListWebhookEndpoints,
    private readonly getEndpointUseCase: GetWebhookEndpoint,
    private readonly updateEndpoint: UpdateWebhookEndpoint,
    private readonly deleteEndpoint: DeleteWebhookEndpoint,
    private readonly rotateSecret: RotateWebhookSecret,
    private readonly testEndpoint: TestWebhookEndpoint,
    private readonly listDeliveriesUseCase: ListWebhookDeliveries,
    private readonly replay: ReplayWebhookDelivery,
  ) {}

  @Post('webhooks')
  @HttpCode(201)
  @ApiOperation({ summary: 'Register a webhook receiver; the signing secret is shown only in this answer.' })
  @ApiEnvelope(WebhookEndpointWithSecretModel, {
    status: 201,
    description:
      'The endpoint with its `whsec_` secret; next_actions: get. At most WEBHOOK_MAX_ENDPOINTS_PER_TENANT per tenant (webhook_endpoint_limit_reached).',
    errors: ['validation_failed', 'webhook_endpoint_limit_reached'],
  })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateWebhookRequestDto): Promise<Outcome> {
    const { endpoint, secret } = await this.createEndpoint.execute(actor, { url: body.url, events: body.events, description: body.description });
    return new Outcome({ ...webhookEndpointView(endpoint), secret }, { status: 201, next_actions: [webhookNextActions.getEndpoint(endpoint.id)] });
  }

  @Get('webhooks')
  @ReadsFromReplica()
  @ApiOperation({ summary: 'List the webhook endpoints of the tenant, oldest first (cursor paged; no secrets).' })
  @ApiEnvelope(WebhookEndpointPageModel, {
    description: '`limit` (1-100, default 20) and an opaque `cursor` from `data.next_cursor`.',
    errors: ['validation_failed'],
  })
  async list(@CurrentActor() actor: Actor, @Query() query: PageQueryDto): Promise<Outcome> {
    const page = await this.listEndpoints.execute(actor, { limit: query.limit ?? 20, cursor: query.cursor });
    return new Outcome({ items: page.items.map(webhookEndpointView), next_cursor: page.nextCursor });
  }

  @Get('webhooks/:id')
  @ApiOperation({ summary: 'Read a webhook endpoint (never its secret).' })
  @ApiEnvelope(WebhookEndpointModel, { description: 'The endpoint; next_actions: its deliveries.', errors: ['webhook_endpoint_not_found'] })
  async get(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return new Outcome(webhookEndpointView(await this.getEndpointUseCase.execute(actor, id)), { next_actions: [webhookNextActions.listDeliveries(id)] });
  }

  @Patch('webhooks/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change url, events or description, or disable/enable the endpoint (`status`).' })
  @ApiEnvelope(WebhookEndpointModel, { description: 'The updated endpoint; next_actions: get.', errors: ['validation_failed', 'webhook_endpoint_not_found'] })
  async update(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Body() body: UpdateWebhookRequestDto): Promise<Outcome> {
    if (Object.values(body).every((v) => v === undefined))
      throw validationFailed([{ path: '', message: 'give at least one of url, events, description, status' }]);
    const endpoint = await this.updateEndpoint.execute(actor, id, { url: body.url, events: body.events, description: body.description, status: body.status });
    return new Outcome(webhookEndpointView(endpoint), { next_actions: [webhookNextActions.getEndpoint(id)] });
  }

  @Delete('webhooks/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete the endpoint and its deliveries.' })
  @ApiEnvelope(WebhookEndpointModel, { description: 'The deleted endpoint as it was.', errors: ['webhook_endpoint_not_found'] })
  async remove(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return new Outcome(webhookEndpointView(await this.deleteEndpoint.execute(actor, id)));
  }

  @Post('webhooks/:id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue a new signing secret (shown once); the previous one keeps signing beside it for 24 hours.' })
  @ApiEnvelope(WebhookEndpointWithSecretModel, { description: 'The endpoint with the new secret; next_actions: get.', errors: ['webhook_endpoint_not_found'] })
  async rotate(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    const { endpoint, secret } = await this.rotateSecret.execute(actor, id);
    return new Outcome({ ...webhookEndpointView(endpoint), secret }, { next_actions: [webhookNextActions.getEndpoint(id)] });
  }

  @Post('webhooks/:id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a signed `webhook.test` event now and wait for the receiver (10 s budget).' })
  @ApiEnvelope(WebhookTestResultModel, {
    description: 'The receiver answered 2xx. Anything else is notification_delivery_failed with detail.status.',
    errors: ['webhook_endpoint_not_found', 'notification_delivery_failed'],
  })
  async test(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return new Outcome(await this.testEndpoint.execute(actor, id), { next_actions: [webhookNextActions.getEndpoint(id)] });
  }

  @Get('webhooks/:id/deliveries')
  @ReadsFromReplica()
  @ApiOperation({ summary: "List an endpoint's deliveries with every attempt, oldest first (cursor paged, optional `state`)." })
  @ApiEnvelope(WebhookDeliveryPageModel, { description: 'Deliveries with attempts.', errors: ['validation_failed', 'webhook_endpoint_not_found'] })
  async deliveries(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Query() query: ListDeliveriesQueryDto): Promise<Outcome> {
    const page = await this.listDeliveriesUseCase.execute(actor, id, { state: query.state, limit: query.limit ?? 20, cursor: query.cursor });
    return new Outcome({ items: page.items.map(webhookDeliveryView), next_cursor: page.nextCursor });
  }

  @Post('webhooks/:id/deliveries/replay')
  @HttpCode(200)
  @ApiOperation({ summary: "Replay the endpoint's dead letter (`state: dead`) or its failed deliveries, each as a new attempt chain." })
  @ApiEnvelope(ReplayedDeliveriesModel, {
    description: 'The deliveries now pending again, paced at WEBHOOK_REPLAY_PER_SECOND (each next_attempt_at).',
    errors: ['validation_failed', 'webhook_endpoint_not_found'],
  })
  async replayAll(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Body() body: ReplayDeliveriesRequestDto): Promise<Outcome> {
    const replayed = await this.replay.executeAll(actor, id, body.state);
    return new Outcome({ items: replayed.map(webhookDeliveryView) }, { next_actions: [webhookNextActions.listDeliveries(id)] });
  }

  @Post('webhook-deliveries/:id/replay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replay a failed or dead delivery: a new attempt chain with the same `webhook-id`.' })
  @ApiEnvelope(WebhookDeliveryModel, {
    description: 'The delivery, pending again. Pending or in flight: webhook_delivery_not_replayable.',
    errors: ['webhook_delivery_not_found', 'webhook_delivery_not_replayable'],
  })
  async replayOne(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    const delivery = await this.replay.execute(actor, id);
    return new Outcome(webhookDeliveryView(delivery), { next_actions: [webhookNextActions.listDeliveries(delivery.endpointId)] });
  }
}
