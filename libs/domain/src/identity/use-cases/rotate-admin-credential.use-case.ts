import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller } from '../principal';
import { issueSecret } from '../rules/credential-secret';
import { CredentialView, credentialView, IssuedCredentialView, issuedCredentialView } from '../identity.views';
import { adminKeyNotFound, revokeAdminKey, tenantAdminKey } from '../services/admin-credential-access';

export interface RotateAdminCredentialCommand {
  credentialId: string;
}

export interface RotatedAdminCredentialView {
  credential: IssuedCredentialView;
  revoked: CredentialView;
}

/** An admin API key of the caller's tenant is replaced: a new key (shown once), the old one revoked at once (docs/identity.md "Admin credentials"). */
@Injectable()
export class RotateAdminCredential {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async execute(command: RotateAdminCredentialCommand, caller: Caller): Promise<Outcome<RotatedAdminCredentialView>> {
    const current = await tenantAdminKey(this.principals, this.credentials, caller, command.credentialId);
    if (current.revokedAt) throw adminKeyNotFound(command.credentialId, 'the credential is revoked');
    const secret = issueSecret('admin');
    const credential = await this.credentials.create({
      tenantId: caller.tenantId,
      principalId: current.principalId,
      secretHash: secret.hash,
      secretPrefix: secret.prefix,
    });
    const revoked = await revokeAdminKey(this.credentials, this.notifier, caller.tenantId, current);
    return new Outcome({ credential: issuedCredentialView(credential, secret.secret), revoked: credentialView(revoked) });
  }
}
