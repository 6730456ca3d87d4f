import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { GetPropertyFull } from '../../catalog/use-cases/get-property-full.use-case';
import { liveSessionOf } from '../services/advisor-access';
import type { Caller } from '../../identity/principal';
import { AdvisorModel } from '../ports/advisor-model';
import { AdvisorSessionRepository } from '../ports/advisor-session.repository';
import { advisorNextActions, AdvisorSessionView, advisorSessionView } from '../advisor-session.view';
import type { AdvisorLocale, AdvisorReply } from '../advisor.types';
import { PHRASES } from '../rules/advisor-phrases';
import { quoteSuggestions } from '../rules/advisor-suggestions';
import { statesPriceOrDate } from '../rules/grounding-filter';

/**
 * `POST /v1/advisor/sessions/{id}/messages`: the question and the model's answer are appended to
 * the session. Whatever the model, an answer that states an amount or a date is replaced by the
 * pointer to a quote (docs/advisor.md), and the session lives on for another lifetime. A session
 * holds at most ADVISOR_SESSION_MAX_MESSAGES messages (`advisor_session_full`, checked before the
 * model is asked); the answer carries the new messages and a cursor, not the whole session.
 */
@Injectable()
export class AskAdvisor {
  constructor(
    private readonly sessions: AdvisorSessionRepository,
    private readonly property: GetPropertyFull,
    private readonly model: AdvisorModel,
    private readonly config: AppConfig,
  ) {}

  async execute(command: { sessionId: string; message: string }, actor: Caller): Promise<Outcome<AdvisorSessionView>> {
    const now = new Date();
    // No message is needed to answer: the model sees the question only.
    const session = await liveSessionOf(this.sessions, actor, command.sessionId, now, { afterSeq: 0, limit: 0 });
    const max = this.config.advisorSessionMaxMessages;
    if (session.messageCount + 2 > max) throw sessionFull(session.id, max);
    const { data: property } = await this.property.execute({ slug: session.propertySlug }, actor);
    const reply = grounded(await this.model.answer({ message: command.message, locale: session.locale, property }), session.locale);
    const answeredAt = new Date();
    const updated = await this.sessions.append(
      actor.tenantId,
      session.id,
      [
        { id: randomUUID(), role: 'user', message: command.message, groundedFacts: [], suggestions: [], createdAt: now },
        {
          id: randomUUID(),
          role: 'assistant',
          message: reply.message,
          groundedFacts: reply.groundedFacts,
          suggestions: reply.suggestions,
          createdAt: answeredAt,
        },
      ],
      new Date(answeredAt.getTime() + this.config.advisorSessionTtlSeconds * 1000),
      max,
    );
    if (!updated) throw sessionFull(session.id, max);
    return new Outcome(advisorSessionView(updated), { next_actions: advisorNextActions(updated), expires_at: updated.expiresAt.toISOString() });
  }
}

function sessionFull(sessionId: string, max: number): DomainError {
  return new DomainError('advisor_session_full', { detail: { session_id: sessionId, max_messages: max } });
}

/** The grounding filter: no amount, no date, whichever model answered. */
export function grounded(reply: AdvisorReply, locale: AdvisorLocale): AdvisorReply {
  if (!statesPriceOrDate(reply.message)) return reply;
  return { message: PHRASES[locale].quoteOnly, groundedFacts: [], suggestions: quoteSuggestions(locale) };
}
