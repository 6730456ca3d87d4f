import { Injectable, Optional } from '@nestjs/common';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { DelegationIssuer, DelegationIssuerRepository, IssuerStatus } from '../ports/delegation-issuer.repository';
import { IssuerChangeNotifier } from '../ports/issuer-change-notifier';
import { issuerTransitionAllowed } from './update-delegation-issuer-status.use-case';

/** The operator suspends, reactivates or revokes a platform issuer (CLI). */
@Injectable()
export class SetPlatformIssuerStatus {
  constructor(
    private readonly issuers: DelegationIssuerRepository,
    @Optional() private readonly changes?: IssuerChangeNotifier,
  ) {}

  async execute(iss: string, status: IssuerStatus): Promise<DelegationIssuer> {
    const current = await this.issuers.findPlatformByIss(iss);
    if (!current) throw new DomainError('delegation_issuer_not_found', { detail: { iss } });
    if (!issuerTransitionAllowed(current.status, status)) throw validationFailed([{ path: 'status', message: 'a revoked issuer cannot be reactivated' }]);
    const updated = (await this.issuers.updatePlatformStatus(iss, status)) as DelegationIssuer;
    await this.changes?.issuersChanged();
    return updated;
  }
}
