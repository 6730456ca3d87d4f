import { ApiProperty } from '@nestjs/swagger';

export class StripeWebhookAckModel {
  @ApiProperty({ example: true }) received: boolean;
  @ApiProperty({
    enum: ['duplicate', 'ignored', 'confirmed', 'declined', 'failed', 'skipped', 'waiting'],
    description:
      'What the event did: `duplicate` (its id was handled before), `ignored` (not an event that settles a payment of ours), or how the booking attempt it names ended.',
  })
  result: string;
}

export class PaymentReturnModel {
  @ApiProperty({ example: 'The payment authentication is finished; the agent that made the booking will tell you its outcome.' })
  message: string;
}
