import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { AdminBookingsController } from './admin-bookings.controller';

@Module({ imports: [BookingModule], controllers: [AdminBookingsController] })
export class AdminBookingsModule {}
