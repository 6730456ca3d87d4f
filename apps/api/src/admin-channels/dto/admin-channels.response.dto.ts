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

/** `otaMessageView` (libs/domain/src/channels/use-cases/list-channel-messages.use-case.ts). */
export class ChannelMessageModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) channel_id: string;
  @ApiProperty({ example: 'OTA_HotelAvailNotifRQ', description: 'The message type, as in the path it was posted to.' }) message: string;
  @ApiProperty({ type: String, nullable: true, description: 'The EchoToken of the request; null when it had none or could not be read.' })
  echo_token: string | null;
  @ApiProperty({ format: 'date-time' }) received_at: string;
  @ApiProperty({
    enum: ['success', 'warnings', 'errors', 'replay'],
    description: 'replay: an EchoToken sent again with the same body, answered with the first RS.',
  })
  outcome: string;
  @ApiProperty({ type: 'integer', description: 'Values applied: one per subject, date and field.' }) dates_applied: number;
  @ApiProperty({ type: 'integer', description: 'Warning elements of the RS.' }) warnings: number;
  @ApiProperty({ type: 'integer', description: 'Error elements of the RS.' }) errors: number;
  @ApiProperty({ description: 'The RS as sent, cut at 64 KiB.' }) answer: string;
  @ApiProperty({ description: 'true when the RS was longer than what is kept.' }) answer_truncated: boolean;
  @ApiProperty({ description: 'The first 2000 characters of the request, password values masked.' }) request_excerpt: string;
  @ApiProperty({ type: 'integer', description: 'The request body size in bytes.' }) request_bytes: number;
}

export class ChannelMessagePageModel {
  @ApiProperty({ type: [ChannelMessageModel] }) items: ChannelMessageModel[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }) next_cursor: string | null;
}
