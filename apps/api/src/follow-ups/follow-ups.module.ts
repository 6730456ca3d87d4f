import { Module } from '@nestjs/common';
import { FollowUpModule } from '@hcs/domain';
import { AdminFollowUpSettingsController } from './admin-follow-up-settings.controller';
import { FollowUpsController } from './follow-ups.controller';

@Module({ imports: [FollowUpModule], controllers: [FollowUpsController, AdminFollowUpSettingsController] })
export class FollowUpsModule {}
