import { Injectable } from '@nestjs/common';
import { SCOPES } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import type { Actor } from '../principal/actor';
import { AccessTokens } from '../tokens/access-tokens.service';
import { CredentialLookup } from './credential-lookup';
import { presented, PresentedSecret } from './presented-secret';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * Turns a bearer credential into an `Actor`: an opaque API key, or one of our OAuth access tokens.
 * A token works only while the agent is active and the credential that minted it is not revoked,
 * and it never carries more scopes than the agent has now. REST and MCP both authenticate here.
 */
@Injectable()
export class BearerAuthenticator {
  constructor(
    private readonly lookup: CredentialLookup,
    private readonly tokens: AccessTokens,
    private readonly config: AppConfig,
  ) {}

  async authenticate(bearer: string | PresentedSecret): Promise<Actor | null> {
    const secret = presented(bearer);
    return JWT_SHAPE.test(secret.value) ? this.fromAccessToken(secret.value) : this.fromApiKey(secret);
  }

  /**
   * Whether the bearer is a valid credential as far as memory knows (no Postgres, no Redis): an
   * API key that authenticated in this process lately, or an access token whose signature checks
   * out with a key in memory. Lets a valid caller past the address rule (docs/security.md).
   */
  async recognises(bearer: string | PresentedSecret): Promise<boolean> {
    const secret = presented(bearer);
    if (!JWT_SHAPE.test(secret.value)) return this.lookup.recognises(secret);
    return this.config.oauthEnabled && (await this.tokens.recognises(secret.value));
  }

  private async fromApiKey(secret: PresentedSecret): Promise<Actor | null> {
    const match = await this.lookup.bySecret(secret);
    if (!match || match.principal.status !== 'active') return null;
    const { credential, principal } = match;
    return {
      tenantId: principal.tenantId,
      principalId: principal.id,
      kind: principal.kind,
      scopes: principal.scopes,
      bookingLimit: principal.bookingLimit,
      via: 'api_key',
      credentialId: credential.id,
    };
  }

  private async fromAccessToken(token: string): Promise<Actor | null> {
    if (!this.config.oauthEnabled) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const match = await this.lookup.byId(claims.credentialId);
    if (!match || match.principal.status !== 'active' || match.principal.kind !== 'agent') return null;
    const { principal } = match;
    if (principal.id !== claims.agentId || principal.tenantId !== claims.tenantId) return null;
    return {
      tenantId: principal.tenantId,
      principalId: principal.id,
      kind: principal.kind,
      scopes: SCOPES.filter((s) => claims.scopes.includes(s) && principal.scopes.includes(s)),
      bookingLimit: principal.bookingLimit,
      via: 'oauth',
      credentialId: claims.credentialId,
      tokenId: claims.tokenId,
    };
  }
}
