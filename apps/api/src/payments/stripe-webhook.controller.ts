import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Outcome } from '@hcs/contracts';
import { Public, SkipRateLimit } from '@hcs/auth';
import { SettlePaymentEvent } from '@hcs/domain';
import { StripeWebhookEvents } from '@hcs/adapters';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { PaymentReturnModel, StripeWebhookAckModel } from './dto/stripe-webhook.response.dto';

/** The exact bytes of a delivery, kept by the body parser for this route only (bootstrap.ts). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * Stripe's side of the payment provider (docs/payments.md): the signed webhook that
 * settles a payment waiting for the traveler, and the page the traveler's browser returns to
 * after the issuer's authentication. No credentials: the webhook's signature is its credential;
 * its check is one HMAC before any read, so the route is not rate limited (Stripe delivers in bursts).
 */
@ApiTags('payments')
@Public()
@SkipRateLimit()
@Controller()
export class StripeWebhookController {
  constructor(
    private readonly events: StripeWebhookEvents,
    private readonly settle: SettlePaymentEvent,
  ) {}

  @Post('webhooks/stripe')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook: settles a booking payment that waited for the traveler (payment_intent.succeeded, payment_intent.payment_failed).',
    description:
      'Signed by Stripe with the endpoint secret (Stripe-Signature over the exact body); each event id is handled once, a repeated delivery answers 200 and does nothing; other event types are acknowledged and ignored.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: "Stripe's signature of the delivery (t=..., v1=...)." })
  @ApiEnvelope(StripeWebhookAckModel, {
    description: 'The event was taken (or had been before).',
    errors: [['webhook_signature_invalid', 'detail.reason: not_configured, missing_signature or signature_mismatch; nothing changed']],
  })
  async receive(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature: string | undefined): Promise<Outcome> {
    const event = this.events.verify(req.rawBody, signature);
    return new Outcome({ received: true, result: await this.settle.execute(event) });
  }

  @Get('payments/stripe/return')
  @ApiOperation({
    summary: "Where the traveler's browser lands after the card issuer's authentication page.",
    description: 'Changes nothing: the outcome reaches the service by the webhook, and the agent by a replay of its booking request.',
  })
  @ApiEnvelope(PaymentReturnModel, { description: 'A message for the traveler.' })
  returned(): Outcome {
    return new Outcome({ message: 'The payment authentication is finished; the agent that made the booking will tell you its outcome.' });
  }
}
