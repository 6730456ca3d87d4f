import { DomainError } from '../../errors/domain-error';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialRepository } from '../ports/credential.repository';
import { PrincipalRepository } from '../ports/principal.repository';
import type { Caller, Credential } from '../principal';
import { requireKind } from '../rules/access';
import { isUuid } from '../rules/uuid';

/**
 * Access first: only an admin; then an admin API key of the admin's tenant. Another tenant's
 * credential, an agent's, or a malformed id is `credential_not_found` (docs/identity.md "Admin credentials").
 */
export async function tenantAdminKey(
  principals: PrincipalRepository,
  credentials: CredentialRepository,
  caller: Caller,
  credentialId: string,
): Promise<Credential> {
  requireKind(caller, 'admin');
  if (isUuid(credentialId)) {
    for (const admin of await principals.listByKind(caller.tenantId, 'admin')) {
      const found = await credentials.findById(caller.tenantId, admin.id, credentialId);
      if (found) return found;
    }
  }
  throw adminKeyNotFound(credentialId);
}

/** Revokes a credential found above and tells other processes to drop their cached lookups. */
export async function revokeAdminKey(
  credentials: CredentialRepository,
  notifier: CredentialChangeNotifier | undefined,
  tenantId: string,
  credential: Credential,
): Promise<Credential> {
  const revoked = await credentials.revoke(tenantId, credential.principalId, credential.id);
  if (!revoked) throw adminKeyNotFound(credential.id);
  await notifier?.principalChanged(tenantId, credential.principalId);
  return revoked;
}

export function adminKeyNotFound(credentialId: string, why?: string): DomainError {
  return new DomainError('credential_not_found', { message: why ? `No usable admin credential: ${why}.` : undefined, detail: { credential_id: credentialId } });
}
