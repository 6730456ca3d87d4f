import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { GetPropertyFull } from '../../catalog/use-cases/get-property.use-case';
import { AdvisorActor, liveSessionOf } from './advisor-access';
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
 * pointer to a quote (docs/advisor.md), and the session lives on for another lifetime.
 */
@Injectable()
export class AskAdvisor {
  constructor(
    private readonly sessions: AdvisorSessionRepository,
    private readonly property: GetPropertyFull,
    private readonly model: AdvisorModel,
    private readonly config: AppConfig,
  ) {}

  async execute(command: { sessionId: string; message: string }, actor: AdvisorActor): Promise<Outcome<AdvisorSessionView>> {
    const now = new Date();
    const session = await liveSessionOf(this.sessions, actor, command.sessionId, now);
    const { data: property } = await this.property.execute(actor.tenantId, session.propertySlug);
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
    );
    return new Outcome(advisorSessionView(updated), { next_actions: advisorNextActions(updated), expires_at: updated.expiresAt.toISOString() });
  }
}

/** The grounding filter: no amount, no date, whichever model answered. */
export function grounded(reply: AdvisorReply, locale: AdvisorLocale): AdvisorReply {
  if (!statesPriceOrDate(reply.message)) return reply;
  return { message: PHRASES[locale].quoteOnly, groundedFacts: [], suggestions: quoteSuggestions(locale) };
}
