import { ApiProperty } from '@nestjs/swagger';
import { MoneyModel } from '../../http/openapi/envelope.models';

/** `bookingAuthorizationView` (libs/domain/src/booking/views.ts). */
export class BookingAuthorizationModel {
  @ApiProperty({ format: 'uuid' }) booking_authorization_id: string;
  @ApiProperty({ format: 'uuid' }) agent_id: string;
  @ApiProperty({ type: MoneyModel }) max_amount: MoneyModel;
  @ApiProperty({ type: String, nullable: true, description: 'Only this traveler (delegation sub) may use it; null: any traveler.' }) traveler_sub:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Only delegations of this issuer may use it; null: any trusted issuer.' }) traveler_iss:
    string | null;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ enum: ['active', 'used', 'expired'] }) state: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) used_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) booking_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
