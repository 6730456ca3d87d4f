import { Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { requireKind } from '../identity/access';
import type { Caller } from '../identity/principal';
import { isUuid } from '../identity/uuid';
import { DelegationIssuer, DelegationIssuerRepository } from './delegation-issuer';

@Injectable()
export class GetDelegationIssuer {
  constructor(private readonly issuers: DelegationIssuerRepository) {}

  async execute(caller: Caller, issuerId: string): Promise<DelegationIssuer> {
    requireKind(caller, 'admin');
    const issuer = isUuid(issuerId) ? await this.issuers.findForTenant(caller.tenantId, issuerId) : null;
    if (!issuer) throw new DomainError('delegation_issuer_not_found', { detail: { issuer_id: issuerId } });
    return issuer;
  }
}
