import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { BookingsController } from './bookings.controller';

@Module({ imports: [BookingModule], controllers: [BookingsController] })
export class BookingsModule {}
