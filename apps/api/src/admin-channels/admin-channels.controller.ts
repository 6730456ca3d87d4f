import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { CreateChannel, GetChannel, ListChannelMessages, ListChannels, RevokeChannel, RotateChannelCredential } from '@hcs/domain';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { PageQueryDto } from '../http/dto/page.query.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';
import { CreateChannelRequestDto } from './dto/admin-channels.request.dto';
import { ChannelDetailModel, ChannelListModel, ChannelMessagePageModel, ChannelModel, ChannelWithSecretModel } from './dto/admin-channels.response.dto';

/** Tenant admins manage channel managers and their credentials (docs/channels.md). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/channels')
export class AdminChannelsController {
  constructor(
    private readonly createChannel: CreateChannel,
    private readonly listChannels: ListChannels,
    private readonly getChannel: GetChannel,
    private readonly rotateCredential: RotateChannelCredential,
    private readonly revokeChannel: RevokeChannel,
    private readonly listMessages: ListChannelMessages,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a channel manager for some properties, with its first credential; the secret is shown only in this response.' })
  @ApiEnvelope(ChannelWithSecretModel, {
    status: 201,
    description: 'The channel and its first credential with the secret; next_actions: get.',
    errors: [['validation_failed', 'also when a property id is not a property of the tenant']],
  })
  create(@CurrentActor() actor: Actor, @Body() body: CreateChannelRequestDto): Promise<Outcome> {
    return this.createChannel.execute({ name: body.name, propertyIds: body.property_ids }, actor);
  }

  @Get()
  @ApiOperation({ summary: 'List the channel managers of the tenant.', description: 'Every channel of the tenant with its properties, oldest first.' })
  @ApiEnvelope(ChannelListModel, { description: 'Every channel of the tenant, oldest first.' })
  list(@CurrentActor() actor: Actor): Promise<Outcome> {
    return this.listChannels.execute({}, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a channel with its properties and credentials (ids, prefixes and dates; never secrets).' })
  @ApiEnvelope(ChannelDetailModel, { description: 'The channel with its credentials.', errors: ['channel_not_found'] })
  get(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.getChannel.execute({ channelId: id }, actor);
  }

  @Post(':id/rotate')
  @HttpCode(201)
  @ApiOperation({ summary: 'Issue the channel a new credential; the credentials it had are revoked at once.' })
  @ApiEnvelope(ChannelWithSecretModel, {
    status: 201,
    description: 'The channel and its new credential with the secret; next_actions: get.',
    errors: ['channel_not_found', 'channel_revoked'],
  })
  rotate(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.rotateCredential.execute({ channelId: id }, actor);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a channel: every credential of it stops working and it is disabled.' })
  @ApiEnvelope(ChannelModel, { description: 'The disabled channel; revoking twice changes nothing more.', errors: ['channel_not_found'] })
  revoke(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.revokeChannel.execute({ channelId: id }, actor);
  }

  @Get(':id/messages')
  @ReadsFromReplica()
  @ApiOperation({
    summary: "List a channel's last OpenTravel messages in with their outcome and the RS they were answered with, newest first (cursor paged).",
    description: 'Records are kept 7 days; a request refused before it reached the channel, as a bad credential, is not recorded. See docs/channels.md.',
  })
  @ApiEnvelope(ChannelMessagePageModel, { description: 'The messages in, newest first.', errors: ['validation_failed', 'channel_not_found'] })
  messages(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Query() query: PageQueryDto): Promise<Outcome> {
    return this.listMessages.execute({ channelId: id, limit: query.limit ?? 20, cursor: query.cursor }, actor);
  }
}
