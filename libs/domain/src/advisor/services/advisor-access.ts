import { DomainError } from '../../errors/domain-error';
import { isUuid } from '../../identity/rules/uuid';
import type { AdvisorMessagePage, AdvisorSessionRepository } from '../ports/advisor-session.repository';
import type { AdvisorSessionRecord } from '../advisor.types';
import type { Caller } from '../../identity/principal';

/**
 * A session is its principal's, in its tenant: anyone else gets `advisor_session_not_found` (no
 * leak); past its lifetime it is `advisor_session_expired` with when it expired.
 */
export async function liveSessionOf(
  sessions: AdvisorSessionRepository,
  actor: Caller,
  id: string,
  now: Date,
  page?: AdvisorMessagePage,
): Promise<AdvisorSessionRecord> {
  const session = isUuid(id) ? await sessions.find(actor.tenantId, id, page) : null;
  if (!session || session.principalId !== actor.principalId) throw new DomainError('advisor_session_not_found', { detail: { session_id: id } });
  if (session.expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('advisor_session_expired', { detail: { session_id: id, expired_at: session.expiresAt.toISOString() } });
  }
  return session;
}
