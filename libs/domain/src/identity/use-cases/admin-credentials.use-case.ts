import { Injectable, Optional } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../rules/access';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { issueSecret } from '../rules/credential-secret';
import { CredentialRepository, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Credential } from '../principal';
import { isUuid } from '../rules/uuid';

export interface RotatedAdminCredential {
  issued: { credential: Credential; secret: string };
  revoked: Credential;
}

/**
 * An admin API key of the caller's tenant is replaced (rotate: a new key, the old one revoked at
 * once) or revoked (docs/identity.md "Admin credentials"). Another tenant's credential, an agent's,
 * or a malformed id is `credential_not_found`.
 */
@Injectable()
export class AdminCredentials {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  async rotate(caller: Caller, credentialId: string): Promise<RotatedAdminCredential> {
    requireKind(caller, 'admin');
    const current = await this.find(caller.tenantId, credentialId);
    if (current.revokedAt) throw notFound(credentialId, 'the credential is revoked');
    const secret = issueSecret('admin');
    const credential = await this.credentials.create({
      tenantId: caller.tenantId,
      principalId: current.principalId,
      secretHash: secret.hash,
      secretPrefix: secret.prefix,
    });
    const revoked = await this.revokeFound(caller.tenantId, current);
    return { issued: { credential, secret: secret.secret }, revoked };
  }

  async revoke(caller: Caller, credentialId: string): Promise<Credential> {
    requireKind(caller, 'admin');
    return this.revokeFound(caller.tenantId, await this.find(caller.tenantId, credentialId));
  }

  /** Every admin key of the tenant's first admin is replaced by one new key (the CLI's lost-key recovery). */
  async reissue(tenantId: string): Promise<{ credential: Credential; secret: string; revoked: Credential[] }> {
    const [admin] = await this.principals.listByKind(tenantId, 'admin');
    if (!admin) throw new DomainError('credential_not_found', { detail: { tenant_id: tenantId } });
    const live = (await this.credentials.listByPrincipal(tenantId, admin.id)).filter((c) => !c.revokedAt);
    const secret = issueSecret('admin');
    const credential = await this.credentials.create({ tenantId, principalId: admin.id, secretHash: secret.hash, secretPrefix: secret.prefix });
    const revoked: Credential[] = [];
    for (const old of live) revoked.push(await this.revokeFound(tenantId, old));
    return { credential, secret: secret.secret, revoked };
  }

  private async find(tenantId: string, credentialId: string): Promise<Credential> {
    if (isUuid(credentialId)) {
      for (const admin of await this.principals.listByKind(tenantId, 'admin')) {
        const found = await this.credentials.findById(tenantId, admin.id, credentialId);
        if (found) return found;
      }
    }
    throw notFound(credentialId);
  }

  private async revokeFound(tenantId: string, credential: Credential): Promise<Credential> {
    const revoked = await this.credentials.revoke(tenantId, credential.principalId, credential.id);
    if (!revoked) throw notFound(credential.id);
    await this.notifier?.principalChanged(tenantId, credential.principalId);
    return revoked;
  }
}

function notFound(credentialId: string, why?: string): DomainError {
  return new DomainError('credential_not_found', { message: why ? `No usable admin credential: ${why}.` : undefined, detail: { credential_id: credentialId } });
}
