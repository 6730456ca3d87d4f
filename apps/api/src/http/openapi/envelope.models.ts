import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NEXT_ACTION_RELS, RECEIPT_KINDS } from '@hcs/contracts';

/** OpenAPI models of the shared envelope shapes (docs/api-contract.md "Envelopes"); documentation only. */
export class NextActionModel {
  @ApiProperty({ enum: NEXT_ACTION_RELS }) rel: string;
  @ApiProperty({ enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] }) method: string;
  @ApiProperty({ description: 'Relative path.', example: '/v1/quotes' }) href: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Suggested body.' }) body_hint?: Record<string, unknown>;
  @ApiPropertyOptional({ format: 'date-time' }) expires_at?: string;
}

export class ReceiptModel {
  @ApiProperty({ enum: RECEIPT_KINDS }) kind: string;
  @ApiProperty() issuer: string;
  @ApiProperty() issued_at: string;
  @ApiProperty({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } }) subject: Record<string, string | number>;
  @ApiProperty({ pattern: '^sha256:[0-9a-f]{64}$' }) payload_hash: string;
  @ApiProperty({ enum: ['HS256'] }) algorithm: string;
  @ApiPropertyOptional({ default: 'receipt-v1' }) kid?: string;
  @ApiProperty({ minLength: 1 }) signature: string;
}

export class SuccessEnvelopeModel {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Resource payload.' }) data: unknown;
  @ApiProperty({ example: '4bf92f3577b34da6a3ce929d0e0e4736' }) trace_id: string;
  @ApiProperty({ type: [NextActionModel] }) next_actions: NextActionModel[];
  @ApiPropertyOptional({ format: 'date-time' }) expires_at?: string;
  @ApiPropertyOptional({ type: ReceiptModel }) receipt?: ReceiptModel;
}

export class FieldErrorModel {
  @ApiProperty({ example: 'guests.children[0].age' }) path: string;
  @ApiProperty() message: string;
}

export class ErrorBodyModel {
  @ApiProperty({ description: 'Stable machine code; branch on it.' }) code: string;
  @ApiProperty() message: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Code-specific; `field_errors` for validation_failed.' }) detail: Record<
    string,
    unknown
  >;
  @ApiProperty() remediation: string;
  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'Seconds to wait before retrying.' }) retry_after: number | null;
  @ApiProperty() docs_url: string;
  @ApiProperty() trace_id: string;
  @ApiProperty({ type: [NextActionModel] }) next_actions: NextActionModel[];
}

/** The one error shape of the service (all fields always present). */
export class ErrorEnvelopeModel {
  @ApiProperty({ type: ErrorBodyModel }) error: ErrorBodyModel;
}

export class MoneyModel {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Minor units of the currency (EUR cents, JPY yen).' }) amount: number;
  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'EUR' }) currency: string;
}
