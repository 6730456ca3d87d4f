import { Module } from '@nestjs/common';
import { FollowUpModule } from '@hcs/domain';
import { FollowUpsController } from './follow-ups.controller';

@Module({ imports: [FollowUpModule], controllers: [FollowUpsController] })
export class FollowUpsModule {}
