import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FOLLOW_UP_CHANNELS, FOLLOW_UP_KINDS, FOLLOW_UP_LOCALES, FOLLOW_UP_STATES } from '@hcs/domain';

export class RenderedMessageModel {
  @ApiProperty({ format: 'email', description: "The booking's guest." }) to: string;
  @ApiPropertyOptional({ description: "The From header: the tenant's sender name at FOLLOW_UP_FROM's address." }) from?: string;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', description: "The tenant's reply-to address." }) reply_to?: string | null;
  @ApiProperty() subject: string;
  @ApiProperty() body: string;
  @ApiProperty({ enum: FOLLOW_UP_LOCALES }) locale: string;
}

/** `followUpView` (libs/domain/src/follow-up/follow-up.view.ts). */
export class FollowUpModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ enum: FOLLOW_UP_KINDS }) kind: string;
  @ApiProperty({ type: String, nullable: true, description: 'The message the caller wrote; null for the scheduled pre_arrival and post_stay.' })
  message: string | null;
  @ApiProperty({ enum: FOLLOW_UP_CHANNELS, description: 'sandbox (recorded only) or email (SMTP).' }) channel: string;
  @ApiProperty({ enum: FOLLOW_UP_STATES }) state: string;
  @ApiProperty({ format: 'date-time', description: 'When it is (or was) due; moves forward while delivery is retried.' }) send_at: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Present once sent.' }) sent_at?: string;
  @ApiPropertyOptional({ description: 'The last delivery error: present on failed, and on scheduled while retrying.' }) error?: string;
  @ApiPropertyOptional({ type: RenderedMessageModel, description: 'Exactly what the guest received; present once sent.' })
  rendered?: RenderedMessageModel;
}

export class FollowUpListModel {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ type: [FollowUpModel] }) items: FollowUpModel[];
}
