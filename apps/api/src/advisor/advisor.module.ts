import { Module } from '@nestjs/common';
import { AdvisorModule as AdvisorUseCasesModule } from '@hcs/domain';
import { AdvisorController } from './advisor.controller';

@Module({ imports: [AdvisorUseCasesModule], controllers: [AdvisorController] })
export class AdvisorModule {}
