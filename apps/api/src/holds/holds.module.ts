import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { HoldsController } from './holds.controller';

@Module({ imports: [BookingModule], controllers: [HoldsController] })
export class HoldsModule {}
