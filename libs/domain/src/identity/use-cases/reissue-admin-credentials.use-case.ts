import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialRepository } from '../ports/credential.repository';
import type { Caller } from '../principal';
import { requireKind } from '../rules/access';
import { issueSecret } from '../rules/credential-secret';
import { CredentialView, credentialView, IssuedCredentialView, issuedCredentialView } from '../identity.views';
import { revokeAdminKey } from '../services/admin-credential-access';

/** Nothing to choose: every live key of the calling admin is replaced. */
export type ReissueAdminCredentialsCommand = Record<string, never>;

export interface ReissuedAdminCredentialsView {
  credential: IssuedCredentialView;
  revoked: CredentialView[];
}

/**
 * Lost-key recovery (`hcs admin-key rotate` without `--credential`; the CLI acts as the tenant's
 * first admin): every live key of the calling admin is replaced by one new key.
 */
@Injectable()
export class ReissueAdminCredentials {
  constructor(
    private readonly credentials: CredentialRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async execute(_command: ReissueAdminCredentialsCommand, caller: Caller): Promise<Outcome<ReissuedAdminCredentialsView>> {
    requireKind(caller, 'admin');
    const { tenantId, principalId } = caller;
    const live = (await this.credentials.listByPrincipal(tenantId, principalId)).filter((c) => !c.revokedAt);
    const secret = issueSecret('admin');
    const credential = await this.credentials.create({ tenantId, principalId, secretHash: secret.hash, secretPrefix: secret.prefix });
    const revoked: CredentialView[] = [];
    for (const old of live) revoked.push(credentialView(await revokeAdminKey(this.credentials, this.notifier, tenantId, old)));
    return new Outcome({ credential: issuedCredentialView(credential, secret.secret), revoked });
  }
}
