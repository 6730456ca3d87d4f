import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { GetPropertyFull } from '../../catalog/use-cases/get-property-full.use-case';
import type { Caller } from '../../identity/principal';
import { AdvisorSessionRepository } from '../ports/advisor-session.repository';
import { advisorNextActions, AdvisorSessionView, advisorSessionView } from '../advisor-session.view';
import { PHRASES } from '../rules/advisor-phrases';
import { propertySuggestion } from '../rules/advisor-suggestions';
import { resolveLocale } from '../rules/locale';

export interface StartAdvisorSessionCommand {
  propertySlug: string;
  locale: string | null;
}

/** `POST /v1/advisor/sessions`: a session on a promoted property, opened with a welcome. */
@Injectable()
export class StartAdvisorSession {
  constructor(
    private readonly sessions: AdvisorSessionRepository,
    private readonly property: GetPropertyFull,
    private readonly config: AppConfig,
  ) {}

  async execute(command: StartAdvisorSessionCommand, actor: Caller): Promise<Outcome<AdvisorSessionView>> {
    // The same read model (and property_not_found) as GET /v1/properties/{slug}/full.
    const { data: property } = await this.property.execute({ slug: command.propertySlug }, actor);
    const { locale, fellBack } = resolveLocale(command.locale);
    const phrases = PHRASES[locale];
    const now = new Date();
    const welcome = [fellBack ? phrases.fallback(command.locale as string) : null, phrases.welcome(property.name)].filter(Boolean).join(' ');
    const session = await this.sessions.create(
      {
        id: randomUUID(),
        tenantId: actor.tenantId,
        principalId: actor.principalId,
        propertyId: property.id,
        propertySlug: property.slug,
        propertyName: property.name,
        locale,
        requestedLocale: command.locale,
        expiresAt: new Date(now.getTime() + this.config.advisorSessionTtlSeconds * 1000),
      },
      [
        {
          id: randomUUID(),
          role: 'assistant',
          message: welcome,
          groundedFacts: ['name'],
          suggestions: [propertySuggestion(locale, property.slug)],
          createdAt: now,
        },
      ],
    );
    return new Outcome(advisorSessionView(session), { next_actions: advisorNextActions(session), expires_at: session.expiresAt.toISOString() });
  }
}
