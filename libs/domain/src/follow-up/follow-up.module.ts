import { Module } from '@nestjs/common';
import { StayFollowUps } from '../booking/ports/stay-follow-ups';
import { CreateFollowUp } from './use-cases/create-follow-up.use-case';
import { FollowUpAccess } from './services/follow-up-access';
import { FollowUpJobs } from './services/follow-up-jobs';
import { FollowUpRenderer } from './services/follow-up-renderer';
import { ChainRecorder } from '../booking/services/chain-recorder';
import { GetFollowUpSettings } from './use-cases/get-follow-up-settings.use-case';
import { UpdateFollowUpSettings } from './use-cases/update-follow-up-settings.use-case';
import { ListFollowUps } from './use-cases/list-follow-ups.use-case';
import { SendFollowUp } from './use-cases/send-follow-up.use-case';
import { StayFollowUpScheduling } from './services/stay-follow-up-scheduling';

const useCases = [CreateFollowUp, ListFollowUps, SendFollowUp, GetFollowUpSettings, UpdateFollowUpSettings];

/**
 * Guest follow-ups (docs/follow-ups.md): the REST use cases, the worker's delivery and the
 * booking chain's `StayFollowUps` port. Repositories, the notifier, the dispatcher and
 * `AfterCommit` come from the global persistence and queue adapter modules.
 */
@Module({
  providers: [...useCases, FollowUpAccess, FollowUpJobs, FollowUpRenderer, ChainRecorder, { provide: StayFollowUps, useClass: StayFollowUpScheduling }],
  exports: [...useCases, StayFollowUps],
})
export class FollowUpModule {}
