import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { RECEIPT_CANONICAL_FORM, VerifyReceipt } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { VerifyReceiptRequestDto } from './dto/receipts.request.dto';
import { ReceiptVerdictModel } from './dto/receipts.response.dto';

@ApiTags('booking chain')
@ApiBearerAuth()
@ApiTenantHeader()
@Controller('v1/receipts')
export class ReceiptsController {
  constructor(private readonly verifyReceipt: VerifyReceipt) {}

  @Post('verify')
  @HttpCode(200)
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @Capability({
    id: 'verify_receipt',
    description: 'Verify a signed receipt (payload hash and HS256 signature): {valid} or {valid: false, reason}. Changes nothing.',
    next_rel: null,
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Verify a signed receipt: {valid, reason?} (payload_hash_mismatch, signature_mismatch, unknown_kid, kid_retired).',
    description: RECEIPT_CANONICAL_FORM,
  })
  @ApiEnvelope(ReceiptVerdictModel, {
    description: 'The verdict; a receipt that does not verify is valid: false with a reason, never an error.',
    errors: ['validation_failed'],
  })
  verify(@Body() body: VerifyReceiptRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.verifyReceipt.execute({ tenantId: actor.tenantId, receipt: body.receipt });
  }
}
