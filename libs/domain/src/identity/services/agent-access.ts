import { DomainError } from '../../errors/domain-error';
import type { Caller, Principal } from '../principal';
import { PrincipalRepository } from '../ports/principal.repository';
import { requireKind } from '../rules/access';
import { isUuid } from '../rules/uuid';

/** Access first: only an admin; then the agent of the admin's tenant, or `agent_not_found` (another tenant's looks the same). */
export async function adminsAgent(principals: PrincipalRepository, caller: Caller, agentId: string): Promise<Principal> {
  requireKind(caller, 'admin');
  const agent = isUuid(agentId) ? await principals.findByIdAndKind(caller.tenantId, agentId, 'agent') : null;
  if (!agent) throw new DomainError('agent_not_found', { detail: { agent_id: agentId } });
  return agent;
}
