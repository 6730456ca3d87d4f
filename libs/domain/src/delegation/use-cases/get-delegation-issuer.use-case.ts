import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { isUuid } from '../../identity/rules/uuid';
import { DelegationIssuerView, delegationIssuerView } from '../delegation-issuer.view';
import { DelegationIssuerRepository } from '../ports/delegation-issuer.repository';

export interface GetDelegationIssuerCommand {
  issuerId: string;
}

@Injectable()
export class GetDelegationIssuer {
  constructor(private readonly issuers: DelegationIssuerRepository) {}

  async execute({ issuerId }: GetDelegationIssuerCommand, caller: Caller): Promise<Outcome<DelegationIssuerView>> {
    requireKind(caller, 'admin');
    const issuer = isUuid(issuerId) ? await this.issuers.findForTenant(caller.tenantId, issuerId) : null;
    if (!issuer) throw new DomainError('delegation_issuer_not_found', { detail: { issuer_id: issuerId } });
    return new Outcome(delegationIssuerView(issuer));
  }
}
