import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** `ReceiptVerdict` (libs/domain/src/booking/rules/receipt-canonical.ts). */
export class ReceiptVerdictModel {
  @ApiProperty() valid: boolean;
  @ApiPropertyOptional({
    enum: ['payload_hash_mismatch', 'signature_mismatch', 'unknown_kid', 'kid_retired'],
    description: 'Only when valid is false. kid_retired: an operator retired the key that signed it.',
  })
  reason?: string;
}
