import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { liveSessionOf } from '../services/advisor-access';
import type { Caller } from '../../identity/principal';
import { AdvisorSessionRepository } from '../ports/advisor-session.repository';
import { advisorNextActions, AdvisorSessionView, advisorSessionView } from '../advisor-session.view';
import { decodeAdvisorCursor } from '../rules/advisor-cursor';

/**
 * `GET /v1/advisor/sessions/{id}`: the session with every message so far, or, with `cursor`
 * and/or `limit`, the messages after the cursor, at most `limit` of them (docs/advisor.md).
 */
/** The most messages one read returns when a cursor or limit is given. */
export const MAX_ADVISOR_PAGE = 100;

@Injectable()
export class GetAdvisorSession {
  constructor(private readonly sessions: AdvisorSessionRepository) {}

  async execute(command: { sessionId: string; cursor?: string; limit?: number }, actor: Caller): Promise<Outcome<AdvisorSessionView>> {
    const afterSeq = command.cursor === undefined ? 0 : decodeAdvisorCursor(command.cursor);
    const page = command.cursor === undefined && command.limit === undefined ? undefined : { afterSeq, limit: command.limit ?? MAX_ADVISOR_PAGE };
    const session = await liveSessionOf(this.sessions, actor, command.sessionId, new Date(), page);
    return new Outcome(advisorSessionView(session, afterSeq), { next_actions: advisorNextActions(session), expires_at: session.expiresAt.toISOString() });
  }
}
