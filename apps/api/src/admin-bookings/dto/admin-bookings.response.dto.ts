import { ApiProperty } from '@nestjs/swagger';
import { ChainStayModel, TravelerModel } from '../../chain-dto/chain.response-parts.dto';
import { MoneyModel } from '../../http/openapi/envelope.models';

export class BookingSummaryModel {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ enum: ['confirmed', 'cancelled'] }) state: string;
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ type: ChainStayModel }) stay: ChainStayModel;
  @ApiProperty({ type: MoneyModel }) total: MoneyModel;
  @ApiProperty() guest_name: string;
  @ApiProperty({ type: TravelerModel }) traveler: TravelerModel;
  @ApiProperty({ format: 'uuid' }) agent_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class BookingPageModel {
  @ApiProperty({ type: [BookingSummaryModel] }) items: BookingSummaryModel[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }) next_cursor: string | null;
}
