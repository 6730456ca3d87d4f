import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class AuthenticateSandboxPaymentRequestDto {
  @ApiProperty({ enum: ['succeeded', 'failed'], description: 'What the traveler does on the issuer page: authenticates, or fails to.' })
  @IsIn(['succeeded', 'failed'])
  outcome: 'succeeded' | 'failed';
}

export class SandboxAuthenticationModel {
  @ApiProperty({ example: 'ch_sandbox_0f6c2d3e4b5a69788796a5b4c3d2e1f0' }) payment_id: string;
  @ApiProperty({ enum: ['succeeded', 'declined'], description: 'The charge now; a charge settled before keeps its first outcome.' }) state: string;
  @ApiProperty({
    enum: ['confirmed', 'declined', 'failed', 'skipped', 'waiting', 'ignored'],
    description: 'What became of the booking attempt it pays for (`ignored`: it had ended already).',
  })
  booking_attempt: string;
}
