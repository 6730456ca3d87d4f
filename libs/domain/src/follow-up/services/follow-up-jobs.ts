import { Injectable } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { AfterCommit } from '../../transactions/after-commit';
import type { FollowUpChannel } from '../follow-up.types';
import { FollowUpDispatcher } from '../ports/follow-up.dispatcher';
import { FollowUpRef, FollowUpRepository } from '../ports/follow-up.repository';
import { jobReachSeconds, withinJobReach } from '../rules/follow-up-schedule';

/** Jobs one sweep enqueues at most for follow-ups coming due within reach (soonest first). */
const COMING_DUE_PER_SWEEP = 1000;

/**
 * The follow-ups' delayed jobs, within reach only (docs/follow-ups.md "Jobs within reach"): what
 * is scheduled near enough gets its job once the transaction that wrote it commits, the rest is
 * enqueued by the sweep as it comes near. Job ids name the follow-up and its send time, so a job
 * enqueued twice runs once.
 */
@Injectable()
export class FollowUpJobs {
  constructor(
    private readonly followUps: FollowUpRepository,
    private readonly dispatcher: FollowUpDispatcher,
    private readonly afterCommit: AfterCommit,
    private readonly config: AppConfig,
  ) {}

  /** After the current transaction commits, the jobs of those due within reach. */
  enqueueAfterCommit(label: string, refs: FollowUpRef[], traceId: string): void {
    const soon = withinJobReach(refs, this.config.followUpSweepIntervalSeconds);
    if (soon.length > 0) this.afterCommit.run(label, () => this.dispatcher.enqueue(soon, traceId));
  }

  /**
   * The sweep's part: the jobs of the follow-ups of `channel` coming due within reach. Past
   * COMING_DUE_PER_SWEEP at once, the rest are sent by a later sweep when due, at most one sweep
   * period late.
   */
  async enqueueComingDue(channel: FollowUpChannel, traceId: string): Promise<void> {
    const coming = await this.followUps.listComingDue(channel, jobReachSeconds(this.config.followUpSweepIntervalSeconds), COMING_DUE_PER_SWEEP);
    if (coming.length > 0) await this.dispatcher.enqueue(coming, traceId);
  }
}
