import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller } from '../principal';
import { CredentialView, credentialView } from '../identity.views';
import { revokeAdminKey, tenantAdminKey } from '../services/admin-credential-access';

export interface RevokeAdminCredentialCommand {
  credentialId: string;
}

/** An admin API key of the caller's tenant is revoked; revoking twice keeps the first revoked_at (docs/identity.md "Admin credentials"). */
@Injectable()
export class RevokeAdminCredential {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async execute(command: RevokeAdminCredentialCommand, caller: Caller): Promise<Outcome<CredentialView>> {
    const found = await tenantAdminKey(this.principals, this.credentials, caller, command.credentialId);
    return new Outcome(credentialView(await revokeAdminKey(this.credentials, this.notifier, caller.tenantId, found)));
  }
}
