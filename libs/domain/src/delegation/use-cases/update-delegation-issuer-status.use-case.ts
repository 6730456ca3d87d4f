import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { isUuid } from '../../identity/rules/uuid';
import { DelegationIssuerView, delegationIssuerView } from '../delegation-issuer.view';
import { issuerNextActions } from '../next-actions';
import { DelegationIssuerRepository, IssuerStatus } from '../ports/delegation-issuer.repository';
import { IssuerChangeNotifier } from '../ports/issuer-change-notifier';

export interface UpdateDelegationIssuerStatusCommand {
  issuerId: string;
  status: IssuerStatus;
}

/** May an issuer go from `from` to `to`? Revocation is final; suspension is not. */
export function issuerTransitionAllowed(from: IssuerStatus, to: IssuerStatus): boolean {
  return from !== 'revoked' || to === 'revoked';
}

/**
 * Suspends, reactivates or revokes a tenant issuer. Delegations are verified against the stored
 * row on every gated request, so the change applies to the very next request.
 */
@Injectable()
export class UpdateDelegationIssuerStatus {
  constructor(
    private readonly issuers: DelegationIssuerRepository,
    @Optional() private readonly changes?: IssuerChangeNotifier,
  ) {}

  async execute({ issuerId, status }: UpdateDelegationIssuerStatusCommand, caller: Caller): Promise<Outcome<DelegationIssuerView>> {
    requireKind(caller, 'admin');
    const current = isUuid(issuerId) ? await this.issuers.findForTenant(caller.tenantId, issuerId) : null;
    if (!current) throw new DomainError('delegation_issuer_not_found', { detail: { issuer_id: issuerId } });
    if (!issuerTransitionAllowed(current.status, status)) {
      throw validationFailed([{ path: 'status', message: 'a revoked issuer cannot be reactivated or suspended; register a new one' }]);
    }
    const updated = await this.issuers.updateStatus(caller.tenantId, current.id, status);
    if (!updated) throw new DomainError('delegation_issuer_not_found', { detail: { issuer_id: issuerId } });
    await this.changes?.issuersChanged();
    return new Outcome(delegationIssuerView(updated), { next_actions: [issuerNextActions.get(updated.id)] });
  }
}
