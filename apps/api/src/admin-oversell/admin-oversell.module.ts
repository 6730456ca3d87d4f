import { Module } from '@nestjs/common';
import { OversellModule } from '@hcs/domain';
import { AdminOversellController } from './admin-oversell.controller';

@Module({ imports: [OversellModule], controllers: [AdminOversellController] })
export class AdminOversellModule {}
