import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { GetRefund } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { RefundModel } from './dto/refunds.response.dto';

@ApiTags('booking chain')
@ApiBearerAuth()
@ApiTenantHeader()
@Controller('v1/refunds')
export class RefundsController {
  constructor(private readonly getRefund: GetRefund) {}

  @Get(':id')
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @Capability({ id: 'get_refund', description: 'Read a refund of a booking with its signed refund_issued receipt.', next_rel: 'get', idempotent: true })
  @ApiOperation({
    summary: 'A refund of a booking, with its refund_issued receipt.',
    description: "Another agent's refund answers resource_access_denied (403).",
  })
  @ApiEnvelope(RefundModel, {
    description: 'The refund with its refund_issued receipt; next_actions: get (the booking).',
    errors: ['validation_failed', 'refund_not_found'],
    receipt: true,
  })
  get(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getRefund.execute({ refundId: id }, actor);
  }
}
