import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { GetRefund } from '@hcs/domain';
import { RefundResponseDto } from '../chain-dto/chain.response.dto';
import { ApiEnvelope } from '../http/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';

@ApiTags('booking chain')
@ApiBearerAuth()
@Controller('v1/refunds')
export class RefundsController {
  constructor(private readonly getRefund: GetRefund) {}

  @Get(':id')
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @ApiOperation({ summary: 'A refund of a booking, with its refund_issued receipt.', description: 'Errors: refund_not_found (404), resource_access_denied.' })
  @ApiEnvelope(RefundResponseDto, 200, 'The refund.', { receipt: true })
  get(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getRefund.execute({ refundId: id }, actor);
  }
}
