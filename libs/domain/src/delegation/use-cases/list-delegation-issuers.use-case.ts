import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { DelegationIssuerView, delegationIssuerView } from '../delegation-issuer.view';
import { DelegationIssuerRepository } from '../ports/delegation-issuer.repository';

/** The list takes no parameters today. */
export type ListDelegationIssuersQuery = Record<string, never>;

/** The tenant's own issuers (platform issuers are listed at /.well-known/delegation-issuers). */
@Injectable()
export class ListDelegationIssuers {
  constructor(private readonly issuers: DelegationIssuerRepository) {}

  async execute(_query: ListDelegationIssuersQuery, caller: Caller): Promise<Outcome<{ items: DelegationIssuerView[] }>> {
    requireKind(caller, 'admin');
    return new Outcome({ items: (await this.issuers.listForTenant(caller.tenantId)).map(delegationIssuerView) });
  }
}
