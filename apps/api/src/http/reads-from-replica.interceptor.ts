import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable } from 'rxjs';
import { ReadReplica } from '@hcs/persistence';
import { READS_FROM_REPLICA } from './reads-from-replica.decorator';

/** Opens the replica to the request of a `@ReadsFromReplica()` route, after the guards ran. */
@Injectable()
export class ReadsFromReplicaInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly replica: ReadReplica,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.replica.currentState !== null && this.reflector.getAllAndOverride<boolean>(READS_FROM_REPLICA, [context.getHandler(), context.getClass()])) {
      this.replica.allowForThisRequest();
    }
    return next.handle();
  }
}
