import { DomainError } from '../../errors/domain-error';
import type { Caller, PrincipalKind } from '../principal';

/** Access first (docs/architecture.md): the caller must be of one of these kinds. */
export function requireKind(caller: Caller, ...kinds: PrincipalKind[]): void {
  if (!kinds.includes(caller.kind)) {
    throw new DomainError('principal_kind_not_allowed', { detail: { principal_kind: caller.kind, allowed: kinds } });
  }
}
