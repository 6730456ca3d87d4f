import type { AdvisorLocale, AdvisorMessageRecord, AdvisorSessionRecord } from '../advisor.types';

export interface NewAdvisorSession {
  id: string;
  tenantId: string;
  principalId: string;
  propertyId: string;
  propertySlug: string;
  propertyName: string;
  locale: AdvisorLocale;
  requestedLocale: string | null;
  expiresAt: Date;
}

/** Advisor sessions and their messages, always within one tenant. */
export abstract class AdvisorSessionRepository {
  abstract create(session: NewAdvisorSession, firstMessages: AdvisorMessageRecord[]): Promise<AdvisorSessionRecord>;
  abstract find(tenantId: string, id: string): Promise<AdvisorSessionRecord | null>;
  /** Appends messages in order and moves the session's expiry (the lifetime runs from the last activity). */
  abstract append(tenantId: string, id: string, messages: AdvisorMessageRecord[], expiresAt: Date): Promise<AdvisorSessionRecord>;
}
