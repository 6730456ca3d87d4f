import { Injectable, Optional } from '@nestjs/common';
import { DomainError, validationFailed } from '../errors/domain-error';
import { requireKind } from '../identity/access';
import type { Caller } from '../identity/principal';
import { isUuid } from '../identity/uuid';
import { IssuerChangeNotifier } from './issuer-change-notifier';
import { DelegationIssuer, DelegationIssuerRepository, IssuerStatus } from './delegation-issuer';

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

  async execute(caller: Caller, issuerId: string, status: IssuerStatus): Promise<DelegationIssuer> {
    requireKind(caller, 'admin');
    const current = isUuid(issuerId) ? await this.issuers.findForTenant(caller.tenantId, issuerId) : null;
    if (!current) throw new DomainError('delegation_issuer_not_found', { detail: { issuer_id: issuerId } });
    if (!issuerTransitionAllowed(current.status, status)) {
      throw validationFailed([{ path: 'status', message: 'a revoked issuer cannot be reactivated or suspended; register a new one' }]);
    }
    const updated = await this.issuers.updateStatus(caller.tenantId, current.id, status);
    if (!updated) throw new DomainError('delegation_issuer_not_found', { detail: { issuer_id: issuerId } });
    await this.changes?.issuersChanged();
    return updated;
  }
}
