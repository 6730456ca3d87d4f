import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import {
  CreateChannelConnection,
  DeleteChannelConnection,
  GetChannelConnection,
  ListChannelConnections,
  ListChannelDeliveries,
  ReplayChannelDelivery,
} from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { PageQueryDto } from '../http/dto/page.query.dto';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';
import { ListDeliveriesQueryDto } from '../admin-webhooks/dto/admin-webhooks.request.dto';
import { CreateChannelConnectionRequestDto } from './dto/admin-channel-connections.request.dto';
import {
  ChannelConnectionModel,
  ChannelConnectionPageModel,
  ChannelDeliveryModel,
  ChannelDeliveryPageModel,
} from './dto/admin-channel-connections.response.dto';

/** Tenant admins connect channel managers that receive the property's reservations (docs/channels-out.md). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin')
export class AdminChannelConnectionsController {
  constructor(
    private readonly createConnection: CreateChannelConnection,
    private readonly listConnections: ListChannelConnections,
    private readonly getConnection: GetChannelConnection,
    private readonly deleteConnection: DeleteChannelConnection,
    private readonly listDeliveriesUseCase: ListChannelDeliveries,
    private readonly replay: ReplayChannelDelivery,
  ) {}

  @Post('channel-connections')
  @HttpCode(201)
  @ApiOperation({ summary: "Connect a channel manager to a property: the worker POSTs the property's reservations to it as OTA_HotelResNotifRQ." })
  @ApiEnvelope(ChannelConnectionModel, {
    status: 201,
    description: 'The connection; the password or token is stored sealed and never shown. next_actions: get, deliveries.',
    errors: ['validation_failed'],
  })
  create(@CurrentActor() actor: Actor, @Body() body: CreateChannelConnectionRequestDto): Promise<Outcome> {
    return this.createConnection.execute({ property_id: body.property_id, url: body.url, auth: body.auth }, actor);
  }

  @Get('channel-connections')
  @ReadsFromReplica()
  @ApiOperation({ summary: 'List the channel connections of the tenant, oldest first (cursor paged; no credentials).' })
  @ApiEnvelope(ChannelConnectionPageModel, {
    description: '`limit` (1-100, default 20) and an opaque `cursor` from `data.next_cursor`.',
    errors: ['validation_failed'],
  })
  list(@CurrentActor() actor: Actor, @Query() query: PageQueryDto): Promise<Outcome> {
    return this.listConnections.execute({ limit: query.limit ?? 20, cursor: query.cursor }, actor);
  }

  @Get('channel-connections/:id')
  @ApiOperation({ summary: 'Read a channel connection (its auth type and user name only).' })
  @ApiEnvelope(ChannelConnectionModel, { description: 'The connection; next_actions: its deliveries.', errors: ['channel_connection_not_found'] })
  get(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.getConnection.execute({ connectionId: id }, actor);
  }

  @Delete('channel-connections/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete the connection with its credential and deliveries.' })
  @ApiEnvelope(ChannelConnectionModel, { description: 'The deleted connection as it was.', errors: ['channel_connection_not_found'] })
  remove(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.deleteConnection.execute({ connectionId: id }, actor);
  }

  @Get('channel-connections/:id/deliveries')
  @ReadsFromReplica()
  @ApiOperation({ summary: "List a connection's deliveries with every attempt and answer, oldest first (cursor paged, optional `state`)." })
  @ApiEnvelope(ChannelDeliveryPageModel, { description: 'Deliveries with attempts.', errors: ['validation_failed', 'channel_connection_not_found'] })
  deliveries(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Query() query: ListDeliveriesQueryDto): Promise<Outcome> {
    return this.listDeliveriesUseCase.execute({ connectionId: id, state: query.state, limit: query.limit ?? 20, cursor: query.cursor }, actor);
  }

  @Post('channel-deliveries/:id/replay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replay a failed or dead channel delivery: a new attempt chain with the same message.' })
  @ApiEnvelope(ChannelDeliveryModel, {
    description: 'The delivery, pending again. Pending or in flight: channel_delivery_not_replayable.',
    errors: ['channel_delivery_not_found', 'channel_delivery_not_replayable'],
  })
  replayOne(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.replay.execute({ deliveryId: id }, actor);
  }
}
