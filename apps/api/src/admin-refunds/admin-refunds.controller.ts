import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { IssueRefund } from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { RefundModel } from '../refunds/dto/refunds.response.dto';
import { IssueRefundRequestDto } from './dto/admin-refunds.request.dto';

@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/bookings')
export class AdminRefundsController {
  constructor(private readonly issueRefund: IssueRefund) {}

  @Post(':id/refunds')
  @Idempotent({ required: false })
  @ApiOperation({
    summary: "Refund part or all of a booking's captured payment (signed refund_issued receipt).",
    description: 'Payment state captured → partially_refunded → refunded; concurrent refunds never exceed the capture. Optional Idempotency-Key.',
  })
  @ApiEnvelope(RefundModel, {
    status: 201,
    description: 'The refund with its refund_issued receipt; next_actions: get_refund, get (the booking), issue_refund while anything remains.',
    errors: [
      'validation_failed',
      'booking_not_found',
      'no_capturable_payment',
      ['payment_not_refundable', 'detail.state'],
      ['refund_exceeds_remaining', 'detail.remaining'],
      'idempotency_conflict',
      'payment_provider_error',
    ],
    receipt: true,
  })
  create(@Param('id', UuidParamPipe) id: string, @Body() body: IssueRefundRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.issueRefund.execute({ bookingId: id, amount: body.amount, reason: body.reason ?? null }, actor);
  }
}
