import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Public } from '@hcs/auth';
import { SandboxPaymentProvider } from '@hcs/adapters';
import { DomainError, SettlePaymentEvent } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { AuthenticateSandboxPaymentRequestDto, SandboxAuthenticationModel } from './dto/sandbox-payments.dto';

/**
 * The sandbox's stand-in for the card issuer's authentication page (docs/sandbox.md): a charge of
 * `tok_threeDSecureRequired` waits here for the traveler. No credentials, as a bank page has none:
 * the charge id in the link (random, unguessable) is what names it. Settling it settles the booking
 * attempt the way the Stripe webhook does (`SettlePaymentEvent`).
 */
@ApiTags('payments')
@Public()
@Controller('sandbox/payments')
export class SandboxPaymentsController {
  constructor(
    private readonly sandbox: SandboxPaymentProvider,
    private readonly settle: SettlePaymentEvent,
    private readonly config: AppConfig,
  ) {}

  @Post(':id/authenticate')
  @HttpCode(200)
  @ApiOperation({
    summary: "The sandbox's authentication page of a payment waiting for the traveler: succeeded or failed settles it and its booking attempt.",
    description:
      'The action_url of a 402 payment_action_required from the sandbox (tok_threeDSecureRequired). No credential. The booking is then confirmed, or its hold given back; the agent learns it by replaying its booking request or by the client_reference lookup.',
  })
  @ApiEnvelope(SandboxAuthenticationModel, {
    description: 'The charge settled, and what became of the booking attempt.',
    errors: [['not_found', 'no sandbox payment waits under this id']],
  })
  async authenticate(@Param('id') id: string, @Body() body: AuthenticateSandboxPaymentRequestDto): Promise<Outcome> {
    const charge = this.config.paymentProvider === 'sandbox' && /^ch_sandbox_[0-9a-f]{32}$/.test(id) ? await this.sandbox.authenticate(id, body.outcome) : null;
    if (!charge) throw new DomainError('not_found', { message: 'No sandbox payment has this id.', detail: { payment_id: id } });
    const attempt = await this.settle.settleAttempt(charge.tenantId, charge.idempotencyKey);
    return new Outcome({ payment_id: id, state: charge.state, booking_attempt: attempt });
  }
}
