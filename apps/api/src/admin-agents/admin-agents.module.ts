import { Module } from '@nestjs/common';
import { IdentityModule } from '@hcs/domain';
import { AdminAgentsController } from './admin-agents.controller';

@Module({ imports: [IdentityModule], controllers: [AdminAgentsController] })
export class AdminAgentsModule {}
