import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsDefined, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { CLIENT_REFERENCE_PATTERN, CLIENT_REFERENCE_RULE, MAX_ROOMS_PER_QUOTE } from '@hcs/domain';
import { IdempotencyKeyField, StayRequestDto } from '../../chain-dto/chain.request-parts.dto';

export class PrimaryGuestRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  full_name: string;

  @ApiProperty({ format: 'email' })
  @IsEmail()
  email: string;

  @ApiProperty({ minLength: 3, maxLength: 40, example: '+33 1 23 45 67 89' })
  @IsString()
  @Length(3, 40)
  phone: string;
}

export class RoomGuestRequestDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ROOMS_PER_QUOTE, description: "The room's 1-based position in the quote's rooms." })
  @IsInt()
  @Min(1)
  @Max(MAX_ROOMS_PER_QUOTE)
  room: number;

  @ApiProperty({ minLength: 1, maxLength: 200, description: 'The name of the guest staying in this room.' })
  @IsString()
  @Length(1, 200)
  full_name: string;
}

export class GuestRequestDto {
  @ApiProperty({ type: PrimaryGuestRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PrimaryGuestRequestDto)
  primary: PrimaryGuestRequestDto;

  @ApiPropertyOptional({
    type: [RoomGuestRequestDto],
    maxItems: MAX_ROOMS_PER_QUOTE,
    description: "A guest name per room of a quote made with rooms (each room at most once, within the quote's rooms).",
  })
  @IsOptional()
  @ArrayMaxSize(MAX_ROOMS_PER_QUOTE)
  @ValidateNested({ each: true })
  @Type(() => RoomGuestRequestDto)
  rooms?: RoomGuestRequestDto[];
}

export class PaymentRequestDto {
  @ApiProperty({ enum: ['card'] })
  @IsIn(['card'])
  method: string;

  @ApiProperty({
    description:
      'Card token from the payment provider; sandbox: tok_visa, tok_mastercard, tok_chargeDeclined, tok_insufficientFunds, tok_providerError, tok_timeout, tok_offSessionDeclined (succeeds; later off-session charges of its card are declined).',
  })
  @IsString()
  @Length(1, 255)
  provider_token: string;

  @ApiProperty({ pattern: '^[A-Z]{2}$', example: 'FR' })
  @Matches(/^[A-Z]{2}$/, { message: 'must be a 2-letter country code' })
  billing_country: string;
}

export class CreateBookingRequestDto extends IdempotencyKeyField {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  hold_id: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  quote_id: string;

  @ApiProperty({ type: GuestRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => GuestRequestDto)
  guest: GuestRequestDto;

  @ApiProperty({ type: PaymentRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PaymentRequestDto)
  payment: PaymentRequestDto;

  @ApiPropertyOptional({ format: 'uuid', description: 'Needed when the total exceeds the agent booking limit.' })
  @IsOptional()
  @IsUUID('all')
  booking_authorization_id?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 64,
    pattern: CLIENT_REFERENCE_PATTERN.source,
    example: 'trip-4711:room-1',
    description:
      'Your own name for this booking, unique per agent (' +
      CLIENT_REFERENCE_RULE +
      '). A second confirmation with it (any Idempotency-Key, or none) answers the booking already made for it, or client_reference_conflict when it names another hold; GET /v1/bookings?client_reference= tells what it became. With it, Idempotency-Key is optional.',
  })
  @IsOptional()
  @Matches(CLIENT_REFERENCE_PATTERN, { message: `must be ${CLIENT_REFERENCE_RULE}` })
  client_reference?: string;
}

export class FindBookingQueryDto {
  @ApiProperty({ minLength: 1, maxLength: 64, pattern: CLIENT_REFERENCE_PATTERN.source, description: 'The client_reference sent with POST /v1/bookings.' })
  @IsDefined()
  @Matches(CLIENT_REFERENCE_PATTERN, { message: `must be ${CLIENT_REFERENCE_RULE}` })
  client_reference: string;
}

export class CancelBookingRequestDto extends IdempotencyKeyField {
  @ApiPropertyOptional({ minLength: 1, maxLength: 500, description: 'Recorded with the cancellation and the refund.' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

export class ModifyBookingRequestDto extends IdempotencyKeyField {
  @ApiProperty({ type: StayRequestDto, description: 'The new stay: same number of nights, same total.' })
  @IsDefined()
  @ValidateNested()
  @Type(() => StayRequestDto)
  stay: StayRequestDto;
}
