import { ApiProperty } from '@nestjs/swagger';
import { CHANNEL_SCOPES, PRINCIPAL_STATUSES } from '@hcs/domain';
import { CredentialModel } from '../../admin-agents/dto/admin-agents.response.dto';

/** `ChannelView` (libs/domain/src/channels/channel.views.ts). */
export class ChannelModel {
  @ApiProperty({ format: 'uuid', description: 'Also the HTTP Basic user name of the channel.' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: PRINCIPAL_STATUSES, description: 'disabled once revoked.' }) status: string;
  @ApiProperty({ enum: CHANNEL_SCOPES, isArray: true }) scopes: string[];
  @ApiProperty({ type: [String], format: 'uuid' }) property_ids: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** A channel credential as issued: the only answer that ever shows its secret. */
export class IssuedChannelCredentialModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Authorization: Bearer, or the HTTP Basic password with the channel id as user name. Shown once.' }) secret: string;
  @ApiProperty() prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class ChannelWithSecretModel {
  @ApiProperty({ type: ChannelModel }) channel: ChannelModel;
  @ApiProperty({ type: IssuedChannelCredentialModel }) credential: IssuedChannelCredentialModel;
}

export class ChannelListModel {
  @ApiProperty({ type: [ChannelModel] }) items: ChannelModel[];
}

export class ChannelDetailModel extends ChannelModel {
  @ApiProperty({ type: [CredentialModel] }) credentials: CredentialModel[];
}
