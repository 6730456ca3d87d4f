import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { AdminRefundsController } from './admin-refunds.controller';

@Module({ imports: [BookingModule], controllers: [AdminRefundsController] })
export class AdminRefundsModule {}
