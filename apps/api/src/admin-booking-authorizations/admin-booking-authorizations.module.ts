import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { AdminBookingAuthorizationsController } from './admin-booking-authorizations.controller';

@Module({ imports: [BookingModule], controllers: [AdminBookingAuthorizationsController] })
export class AdminBookingAuthorizationsModule {}
