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

/** Which messages to load with a session: those after `afterSeq`, at most `limit`. */
export interface AdvisorMessagePage {
  afterSeq: number;
  limit: number;
}

/** Advisor sessions and their messages, always within one tenant. */
export abstract class AdvisorSessionRepository {
  abstract create(session: NewAdvisorSession, firstMessages: AdvisorMessageRecord[]): Promise<AdvisorSessionRecord>;
  /** The session with every message, or with one page of them. */
  abstract find(tenantId: string, id: string, page?: AdvisorMessagePage): Promise<AdvisorSessionRecord | null>;
  /**
   * Appends messages in order and moves the session's expiry (the lifetime runs from the last
   * activity), unless the session would then hold more than `maxMessages`: null, nothing written.
   * The record carries only the appended messages.
   */
  abstract append(tenantId: string, id: string, messages: AdvisorMessageRecord[], expiresAt: Date, maxMessages: number): Promise<AdvisorSessionRecord | null>;
}
