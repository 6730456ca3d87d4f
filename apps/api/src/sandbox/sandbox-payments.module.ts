import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { SandboxPaymentsController } from './sandbox-payments.controller';

@Module({ imports: [BookingModule], controllers: [SandboxPaymentsController] })
export class SandboxPaymentsModule {}
