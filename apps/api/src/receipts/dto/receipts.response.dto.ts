import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** `ReceiptVerdict` (libs/domain/src/booking/rules/receipt-canonical.ts). */
export class ReceiptVerdictModel {
  @ApiProperty() valid: boolean;
  @ApiPropertyOptional({ enum: ['payload_hash_mismatch', 'signature_mismatch', 'unknown_kid'], description: 'Only when valid is false.' }) reason?: string;
}
