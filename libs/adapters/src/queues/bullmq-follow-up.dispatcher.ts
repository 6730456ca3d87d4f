import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { FollowUpDispatcher, FollowUpRef } from '@hcs/domain';
import { GUEST_FOLLOW_UP_JOBS, GuestFollowUpJob, jobIds, QueueName } from '@hcs/platform';

/**
 * One delayed job per follow-up and send time: the id names both, so enqueueing twice runs once
 * and a moved or retried follow-up gets a new job (the old one finds it not due and does nothing).
 */
@Injectable()
export class BullMqFollowUpDispatcher extends FollowUpDispatcher {
  constructor(@InjectQueue(QueueName.GuestFollowUp) private readonly queue: Queue<GuestFollowUpJob>) {
    super();
  }

  async enqueue(items: FollowUpRef[], traceId: string): Promise<void> {
    await this.queue.addBulk(
      items.map((f) => ({
        name: GUEST_FOLLOW_UP_JOBS.send,
        data: { tenant_id: f.tenantId, follow_up_id: f.id, trace_id: traceId },
        opts: {
          jobId: jobIds.guestFollowUp(f.id, f.sendAt),
          delay: Math.max(0, f.sendAt.getTime() - Date.now()),
          attempts: 8,
          backoff: { type: 'fixed', delay: 250 },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      })),
    );
  }
}
