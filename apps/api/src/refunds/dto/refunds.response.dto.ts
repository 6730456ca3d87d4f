import { ApiProperty } from '@nestjs/swagger';
import { MoneyModel } from '../../http/openapi/envelope.models';

/** `refundView` (libs/domain/src/booking/views.ts). */
export class RefundModel {
  @ApiProperty({ format: 'uuid' }) refund_id: string;
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ type: MoneyModel }) amount: MoneyModel;
  @ApiProperty({ enum: ['succeeded'] }) state: string;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
