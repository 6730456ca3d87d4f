import { SetMetadata } from '@nestjs/common';

export const READS_FROM_REPLICA = 'hcs:readsFromReplica';

/**
 * The route's reads tolerate replication lag: with `DATABASE_READ_URL` set they may go to the
 * streaming replica (docs/scaling.md "Which routes read where"). Never on a route of the booking
 * chain. Authentication (guards) has already read on the primary; a write, a transaction, an
 * unhealthy replica or a lag past `DATABASE_READ_MAX_LAG_SECONDS` sends the reads to the primary.
 */
export const ReadsFromReplica = () => SetMetadata(READS_FROM_REPLICA, true);
