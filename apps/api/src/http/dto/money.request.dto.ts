import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Min } from 'class-validator';

/** Money in a request (CONTRACT §2): integer minor units and an ISO 4217 code. */
export class MoneyRequestDto {
  @ApiProperty({ description: 'Amount in the currency minor unit (EUR cents, JPY yen).', example: 50000 })
  @IsInt()
  @Min(0)
  amount: number;

  @ApiProperty({ description: 'ISO 4217 code, 3 uppercase letters.', example: 'EUR' })
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be 3 uppercase letters' })
  currency: string;
}
