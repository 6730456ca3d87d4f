import { Module } from '@nestjs/common';
import { IdentityModule } from '@hcs/domain';
import { AdminCredentialsController } from './admin-credentials.controller';

@Module({ imports: [IdentityModule], controllers: [AdminCredentialsController] })
export class AdminCredentialsModule {}
