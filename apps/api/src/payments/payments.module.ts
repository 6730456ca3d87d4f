import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { StripeWebhookController } from './stripe-webhook.controller';

@Module({ imports: [BookingModule], controllers: [StripeWebhookController] })
export class PaymentsApiModule {}
