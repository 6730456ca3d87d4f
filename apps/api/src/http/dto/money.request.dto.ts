import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

/** The largest money amount any request may carry, in minor units (docs/security.md). */
export const MAX_MONEY_MINOR_UNITS = 1_000_000_000_000;

/** Money in a request (docs/api-contract.md "Money, dates and ids"): integer minor units and an ISO 4217 code. */
export class MoneyRequestDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_MONEY_MINOR_UNITS,
    description: 'Amount in the currency minor unit (EUR cents, JPY yen).',
    example: 50000,
  })
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  amount: number;

  @ApiProperty({ description: 'ISO 4217 code, 3 uppercase letters.', example: 'EUR' })
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be 3 uppercase letters' })
  currency: string;
}
