import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { ReceiptsController } from './receipts.controller';

@Module({ imports: [BookingModule], controllers: [ReceiptsController] })
export class ReceiptsModule {}
