import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CHANNEL_EVENT_TYPES, DELIVERY_STATES } from '@hcs/domain';
import { DeliveryAttemptModel } from '../../admin-webhooks/dto/admin-webhooks.response.dto';

export class ChannelAuthModel {
  @ApiProperty({ enum: ['basic', 'bearer'] }) type: string;
  @ApiPropertyOptional({ description: 'basic only; the password or token is never shown.' }) username?: string;
}

/** `channelConnectionView` (libs/domain/src/channels/channel.views.ts): never a password or token. */
export class ChannelConnectionModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: ChannelAuthModel }) auth: ChannelAuthModel;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class ChannelConnectionPageModel {
  @ApiProperty({ type: [ChannelConnectionModel] }) items: ChannelConnectionModel[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }) next_cursor: string | null;
}

/** `channelDeliveryView`. */
export class ChannelDeliveryModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) connection_id: string;
  @ApiProperty({ format: 'uuid', description: 'Also the EchoToken of the message.' }) event_id: string;
  @ApiProperty({ enum: CHANNEL_EVENT_TYPES }) event_type: string;
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ enum: DELIVERY_STATES, description: 'succeeded: acknowledged by an RS with Success.' }) state: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) next_attempt_at: string | null;
  @ApiProperty({ type: Number, nullable: true }) last_status: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Our words, or the RS Errors as Type/Code pairs.' }) last_error: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The acknowledging RS's first HotelReservationID ResID_Value." }) acknowledged_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [DeliveryAttemptModel] }) attempts: DeliveryAttemptModel[];
}

export class ChannelDeliveryPageModel {
  @ApiProperty({ type: [ChannelDeliveryModel] }) items: ChannelDeliveryModel[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
