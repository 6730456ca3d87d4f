import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { PrincipalKinds, Scopes } from '@hcs/auth';
import { RECEIPT_CANONICAL_FORM, VerifyReceipt } from '@hcs/domain';
import { ReceiptVerdictDto } from '../chain-dto/chain.response.dto';
import { ApiEnvelope } from '../http/api-envelope.decorator';
import { VerifyReceiptRequestDto } from './dto/receipts.request.dto';

@ApiTags('booking chain')
@ApiBearerAuth()
@Controller('v1/receipts')
export class ReceiptsController {
  constructor(private readonly verifyReceipt: VerifyReceipt) {}

  @Post('verify')
  @HttpCode(200)
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @ApiOperation({
    summary: 'Verify a signed receipt: {valid, reason?} (payload_hash_mismatch, signature_mismatch, unknown_kid).',
    description: RECEIPT_CANONICAL_FORM,
  })
  @ApiEnvelope(ReceiptVerdictDto, 200, 'The verdict.')
  verify(@Body() body: VerifyReceiptRequestDto): Promise<Outcome> {
    return this.verifyReceipt.execute({ receipt: body.receipt });
  }
}
