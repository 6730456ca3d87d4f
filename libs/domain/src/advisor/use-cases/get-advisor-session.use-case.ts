import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AdvisorActor, liveSessionOf } from './advisor-access';
import { AdvisorSessionRepository } from '../ports/advisor-session.repository';
import { advisorNextActions, AdvisorSessionView, advisorSessionView } from '../advisor-session.view';

/** `GET /v1/advisor/sessions/{id}`: the session with every message so far. */
@Injectable()
export class GetAdvisorSession {
  constructor(private readonly sessions: AdvisorSessionRepository) {}

  async execute(command: { sessionId: string }, actor: AdvisorActor): Promise<Outcome<AdvisorSessionView>> {
    const session = await liveSessionOf(this.sessions, actor, command.sessionId, new Date());
    return new Outcome(advisorSessionView(session), { next_actions: advisorNextActions(session), expires_at: session.expiresAt.toISOString() });
  }
}
