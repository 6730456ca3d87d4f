import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { RefundsController } from './refunds.controller';

@Module({ imports: [BookingModule], controllers: [RefundsController] })
export class RefundsModule {}
