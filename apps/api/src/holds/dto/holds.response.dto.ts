import { ApiProperty } from '@nestjs/swagger';
import { ChainStayModel } from '../../chain-dto/chain.response-parts.dto';
import { MoneyModel } from '../../http/openapi/envelope.models';

/** `holdView` (libs/domain/src/booking/views.ts). */
export class HoldModel {
  @ApiProperty({ format: 'uuid' }) hold_id: string;
  @ApiProperty({ format: 'uuid' }) quote_id: string;
  @ApiProperty({ enum: ['held', 'converting', 'converted', 'released', 'expired'], description: '`held` on creation, `released` after a release.' })
  state: string;
  @ApiProperty({ format: 'uuid', description: 'The property id.' }) hotel_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: ChainStayModel }) stay: ChainStayModel;
  @ApiProperty({ type: MoneyModel, description: 'The quoted total.' }) total: MoneyModel;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'The room is given back at this instant unless booked (HOLD_TTL_SECONDS after creation).' })
  expires_at: string;
}
