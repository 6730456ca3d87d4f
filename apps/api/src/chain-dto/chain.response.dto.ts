import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Response shapes of the booking chain, for the API description (the use cases' views are the source). */
export class MoneyDto {
  @ApiProperty({ description: 'integer, minor units of the currency (EUR cents, JPY yen)' }) amount: number;
  @ApiProperty({ pattern: '^[A-Z]{3}$' }) currency: string;
}

export class StayDto {
  @ApiProperty({ example: '2027-05-10', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) check_in: string;
  @ApiProperty({ example: '2027-05-12', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) check_out: string;
}

export class ChildDto {
  @ApiProperty({ minimum: 0, maximum: 17 }) age: number;
}

export class GuestsDto {
  @ApiProperty({ minimum: 1, maximum: 20 }) adults: number;
  @ApiProperty({ type: [ChildDto] }) children: ChildDto[];
}

class PricedNightDto {
  @ApiProperty() date: string;
  @ApiProperty({ type: MoneyDto }) amount: MoneyDto;
}

class PricedTaxDto {
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'basis points of the room subtotal' }) rate_bps: number;
  @ApiProperty({ type: MoneyDto }) amount: MoneyDto;
}

class PricedFeeDto {
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: MoneyDto }) amount: MoneyDto;
}

export class PriceBreakdownDto {
  @ApiProperty() currency: string;
  @ApiProperty({ type: [PricedNightDto] }) nights: PricedNightDto[];
  @ApiProperty({ type: MoneyDto }) subtotal: MoneyDto;
  @ApiProperty({ type: [PricedTaxDto] }) taxes: PricedTaxDto[];
  @ApiProperty({ type: [PricedFeeDto] }) fees: PricedFeeDto[];
  @ApiProperty({ type: MoneyDto }) total: MoneyDto;
}

export class PolicySnapshotDto {
  @ApiProperty() policy_id: string;
  @ApiProperty() version: string;
  @ApiProperty({ enum: ['free_cancellation', 'non_refundable'] }) cancellation_kind: string;
  @ApiProperty() free_cancellation_hours_before_checkin: number;
  @ApiProperty() cancellation_fee_pct_after_cutoff: number;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) free_cancellation_until: string | null;
  @ApiProperty({ nullable: true, type: String }) child_policy_text: string | null;
  @ApiProperty({ format: 'date-time', description: 'check-in date at the property check-in time' }) check_in_at: string;
  @ApiProperty() timezone: string;
}

export class QuoteResponseDto {
  @ApiProperty({ format: 'uuid' }) quote_id: string;
  @ApiProperty({ format: 'uuid' }) hotel_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: StayDto }) stay: StayDto;
  @ApiProperty({ type: GuestsDto }) guests: GuestsDto;
  @ApiProperty({ type: PriceBreakdownDto }) price_breakdown: PriceBreakdownDto;
  @ApiProperty({ type: PolicySnapshotDto }) policy_snapshot: PolicySnapshotDto;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
}

export class HoldResponseDto {
  @ApiProperty({ format: 'uuid' }) hold_id: string;
  @ApiProperty({ format: 'uuid' }) quote_id: string;
  @ApiProperty({ enum: ['held', 'converting', 'converted', 'released', 'expired'] }) state: string;
  @ApiProperty({ format: 'uuid' }) hotel_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: StayDto }) stay: StayDto;
  @ApiProperty({ type: MoneyDto }) total: MoneyDto;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
}

class PrimaryGuestDto {
  @ApiProperty() full_name: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
}

class BookingGuestDto {
  @ApiProperty({ type: PrimaryGuestDto }) primary: PrimaryGuestDto;
}

class BookingPaymentDto {
  @ApiProperty({ enum: ['captured', 'partially_refunded', 'refunded'] }) state: string;
  @ApiProperty({ type: MoneyDto }) amount: MoneyDto;
  @ApiProperty({ type: MoneyDto }) refunded: MoneyDto;
  @ApiProperty({ format: 'date-time' }) captured_at: string;
}

class TravelerDto {
  @ApiProperty() iss: string;
  @ApiProperty() sub: string;
}

class CancellationDto {
  @ApiProperty({ format: 'date-time' }) cancelled_at: string;
  @ApiProperty({ type: MoneyDto }) fee: MoneyDto;
  @ApiProperty({ type: MoneyDto }) refund: MoneyDto;
  @ApiProperty({ nullable: true, type: String }) refund_id: string | null;
  @ApiProperty() policy_version: string;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
}

export class BookingResponseDto {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ enum: ['confirmed', 'cancelled'] }) state: string;
  @ApiProperty({ format: 'uuid' }) quote_id: string;
  @ApiProperty({ format: 'uuid' }) hold_id: string;
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: StayDto }) stay: StayDto;
  @ApiProperty({ type: GuestsDto }) guests: GuestsDto;
  @ApiProperty({ type: BookingGuestDto }) guest: BookingGuestDto;
  @ApiProperty({ type: PriceBreakdownDto }) price_breakdown: PriceBreakdownDto;
  @ApiProperty({ type: PolicySnapshotDto }) policy_snapshot: PolicySnapshotDto;
  @ApiProperty({ type: BookingPaymentDto }) payment: BookingPaymentDto;
  @ApiProperty({ type: TravelerDto }) traveler: TravelerDto;
  @ApiProperty({ format: 'uuid' }) agent_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiPropertyOptional({ type: CancellationDto }) cancellation?: CancellationDto;
}

class AuditActorDto {
  @ApiProperty({ enum: ['agent', 'admin', 'system'] }) kind: string;
  @ApiProperty() id: string;
}

class AuditItemDto {
  @ApiProperty() seq: number;
  @ApiProperty({ example: 'booking.confirmed' }) type: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: AuditActorDto }) actor: AuditActorDto;
  @ApiPropertyOptional({ type: TravelerDto }) traveler?: TravelerDto;
  @ApiProperty() trace_id: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
}

export class AuditResponseDto {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ type: [AuditItemDto] }) items: AuditItemDto[];
}

export class RefundResponseDto {
  @ApiProperty({ format: 'uuid' }) refund_id: string;
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ type: MoneyDto }) amount: MoneyDto;
  @ApiProperty({ enum: ['succeeded'] }) state: string;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class ReceiptVerdictDto {
  @ApiProperty() valid: boolean;
  @ApiPropertyOptional({ enum: ['payload_hash_mismatch', 'signature_mismatch', 'unknown_kid'] }) reason?: string;
}

export class BookingAuthorizationResponseDto {
  @ApiProperty({ format: 'uuid' }) booking_authorization_id: string;
  @ApiProperty({ format: 'uuid' }) agent_id: string;
  @ApiProperty({ type: MoneyDto }) max_amount: MoneyDto;
  @ApiProperty({ nullable: true, type: String }) traveler_sub: string | null;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ enum: ['active', 'used', 'expired'] }) state: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) used_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) booking_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
