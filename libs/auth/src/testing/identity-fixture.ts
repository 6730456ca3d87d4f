import { hashSecret, PrincipalKind, Scope, SCOPES } from '@hcs/domain';
import type { AppConfig } from '@hcs/platform';
import { FakeTenants } from '../../../domain/src/testing/fake-delegation-ports';
import { FakeCredentials, FakePrincipals } from '../../../domain/src/testing/fake-identity-ports';
import { BearerAuthenticator } from '../credentials/bearer-authenticator';
import { CredentialLookup } from '../credentials/credential-lookup';
import { AccessTokens } from '../tokens/access-tokens.service';
import { SigningKeys } from '../tokens/signing-keys.service';
import { FakeSigningKeys } from './fake-signing-keys';

export const FIXTURE_BASE_URL = 'https://api.hcs.test';

/**
 * Bearer authentication over in-memory principals, credentials, tenants and signing keys: the real
 * credential lookup, access tokens and authenticator, so a spec reaches every credential rule
 * without Postgres. A change to a principal or credential is followed by `changed()`, as the
 * identity change broadcast drops the lookup's cache in a running process.
 */
export async function identityFixture(overrides: Partial<AppConfig> = {}) {
  const config = { baseUrl: FIXTURE_BASE_URL, serviceName: 'hcs-test', oauthEnabled: true, ...overrides } as AppConfig;
  const principals = new FakePrincipals();
  const credentials = new FakeCredentials(principals);
  const tenants = new FakeTenants();
  const lookup = new CredentialLookup(credentials);
  const signingKeys = new FakeSigningKeys();
  const tokens = new AccessTokens(new SigningKeys(signingKeys), config);
  const authenticator = new BearerAuthenticator(lookup, tokens, config);
  const tenant = await tenants.create('tenant');
  let secrets = 0;

  /** A principal with one credential; `token()` mints an access token on that credential. */
  const principal = async (kind: PrincipalKind, scopes: Scope[] = kind === 'agent' ? [...SCOPES] : [], tenantId = tenant.id) => {
    const row = await principals.create({ tenantId, kind, name: kind, scopes });
    const secret = `hcs_${kind}_${(secrets += 1)}_secret`;
    const credential = await credentials.create({ tenantId, principalId: row.id, secretHash: hashSecret(secret), secretPrefix: secret.slice(0, 8) });
    const token = async (granted: Scope[] = row.scopes) =>
      (await tokens.mint({ tenantId, agentId: row.id, credentialId: credential.id, scopes: granted })).accessToken;
    return { principal: row, id: row.id, tenantId, secret, credential, token };
  };

  return {
    config,
    principals,
    credentials,
    tenants,
    lookup,
    signingKeys,
    tokens,
    authenticator,
    tenant,
    principal,
    changed: () => lookup.invalidate(),
  };
}
