import { DomainError, PrincipalKind, Scope } from '@hcs/domain';
import type { Actor } from '../principal/actor';

/**
 * The principal-kind and scope rule of a route, shared by the REST guard and the MCP tools so a
 * tool refuses exactly what its REST route refuses. Kind first: an admin on the booking chain is
 * the wrong kind, not a missing scope; admins are not scope-limited.
 */
export function assertRouteAccess(actor: Actor, kinds: PrincipalKind[] | null | undefined, scopes: Scope[]): void {
  if (kinds && !kinds.includes(actor.kind)) {
    throw new DomainError('principal_kind_not_allowed', { detail: { principal_kind: actor.kind, allowed: kinds } });
  }
  const missing = actor.kind === 'admin' ? [] : scopes.filter((s) => !actor.scopes.includes(s));
  if (missing.length > 0) throw new DomainError('forbidden', { detail: { required_scopes: scopes, missing_scopes: missing } });
}
