import { Injectable } from '@nestjs/common';
import { requireKind } from '../identity/access';
import type { Caller } from '../identity/principal';
import { DelegationIssuer, DelegationIssuerRepository } from './delegation-issuer';

/** The tenant's own issuers (platform issuers are listed at /.well-known/delegation-issuers). */
@Injectable()
export class ListDelegationIssuers {
  constructor(private readonly issuers: DelegationIssuerRepository) {}

  async execute(caller: Caller): Promise<DelegationIssuer[]> {
    requireKind(caller, 'admin');
    return this.issuers.listForTenant(caller.tenantId);
  }
}
