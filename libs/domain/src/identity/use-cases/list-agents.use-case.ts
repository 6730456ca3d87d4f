import { Injectable } from '@nestjs/common';
import { requireKind } from '../rules/access';
import { PrincipalRepository } from '../ports/identity.repository';
import { Caller, Principal } from '../principal';

/** Every agent of the admin's tenant, oldest first. */
@Injectable()
export class ListAgents {
  constructor(private readonly principals: PrincipalRepository) {}

  async execute(caller: Caller): Promise<Principal[]> {
    requireKind(caller, 'admin');
    return this.principals.listByKind(caller.tenantId, 'agent');
  }
}
