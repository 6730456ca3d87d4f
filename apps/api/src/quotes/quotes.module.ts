import { Module } from '@nestjs/common';
import { BookingModule } from '@hcs/domain';
import { QuotesController } from './quotes.controller';

@Module({ imports: [BookingModule], controllers: [QuotesController] })
export class QuotesModule {}
