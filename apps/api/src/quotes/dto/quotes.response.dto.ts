import { ApiProperty } from '@nestjs/swagger';
import { ChainGuestsModel, ChainStayModel, PolicySnapshotModel, PriceBreakdownModel } from '../../chain-dto/chain.response-parts.dto';

/** `quoteView` (libs/domain/src/booking/views.ts). */
export class QuoteModel {
  @ApiProperty({ format: 'uuid' }) quote_id: string;
  @ApiProperty({ format: 'uuid', description: 'The property id.' }) hotel_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: ChainStayModel }) stay: ChainStayModel;
  @ApiProperty({ type: ChainGuestsModel, description: 'The party; with rooms, the whole party (each room is in price_breakdown.rooms).' })
  guests: ChainGuestsModel;
  @ApiProperty({ type: PriceBreakdownModel }) price_breakdown: PriceBreakdownModel;
  @ApiProperty({ type: PolicySnapshotModel }) policy_snapshot: PolicySnapshotModel;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'After this instant the quote can no longer be held (quote_expired).' }) expires_at: string;
}
