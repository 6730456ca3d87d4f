import type { PropertyFull } from '../catalog/use-cases/get-property-full.use-case';

export const ADVISOR_LOCALES = ['en', 'pt', 'es'] as const;
export type AdvisorLocale = (typeof ADVISOR_LOCALES)[number];

export interface AdvisorSuggestion {
  label: string;
  href: string;
}

export interface AdvisorMessageRecord {
  id: string;
  /** Position in the session (1 = the welcome); set once stored. */
  seq?: number;
  role: 'user' | 'assistant';
  message: string;
  groundedFacts: string[];
  suggestions: AdvisorSuggestion[];
  createdAt: Date;
}

export interface AdvisorSessionRecord {
  id: string;
  tenantId: string;
  principalId: string;
  propertyId: string;
  propertySlug: string;
  propertyName: string;
  /** The locale answers are written in (`en` when the requested one is not supported). */
  locale: AdvisorLocale;
  requestedLocale: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  /** How many messages the session holds in all (capped by ADVISOR_SESSION_MAX_MESSAGES). */
  messageCount: number;
  /** The messages loaded with the record: all of them, or a page (see the repository). */
  messages: AdvisorMessageRecord[];
}

/** What the advisor may know: the property's public read model, nothing else. */
export type AdvisorFacts = PropertyFull;

export interface AdvisorQuestion {
  message: string;
  locale: AdvisorLocale;
  property: AdvisorFacts;
}

/** An answer with the read-model fields it used (`grounded_facts`) and where to go next. */
export interface AdvisorReply {
  message: string;
  groundedFacts: string[];
  suggestions: AdvisorSuggestion[];
}
