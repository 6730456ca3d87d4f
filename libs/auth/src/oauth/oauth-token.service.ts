import { Injectable } from '@nestjs/common';
import { isScope, isUuid, Scope, SCOPES } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { CredentialLookup } from '../credentials/credential-lookup';
import { PresentedSecret } from '../credentials/presented-secret';
import { AccessTokens } from '../tokens/access-tokens.service';
import type { AddressGate } from '../rate-limit/auth-failure-throttle';
import { OAuthError } from './oauth-error';

const ALLOWED_FIELDS = new Set(['grant_type', 'scope', 'client_id', 'client_secret']);

export interface TokenRequest {
  /** The parsed JSON or form body. */
  body: unknown;
  /** The Authorization header, if any (HTTP Basic client authentication). */
  authorization?: string;
}

/** RFC 6749 §5.1 success body. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  basic: boolean;
}

/**
 * The client_credentials grant (RFC 6749 §4.4): an agent authenticates with its id and secret
 * (HTTP Basic or body fields, not both) and receives an access token for the scopes it asked for,
 * all of its scopes when it asked for none.
 */
@Injectable()
export class OAuthTokenService {
  constructor(
    private readonly lookup: CredentialLookup,
    private readonly tokens: AccessTokens,
    private readonly config: AppConfig,
  ) {}

  /**
   * `gate` is the per-address failure rule (docs/security.md "Shared addresses"): a blocked address
   * is refused before the lookup unless the secret is recognised from memory, and every
   * `invalid_client` counts as a failed authentication of the address. The CLI passes none.
   */
  async issue(request: TokenRequest, gate?: AddressGate): Promise<TokenResponse> {
    if (!this.config.oauthEnabled) throw new OAuthError('oauth_not_configured');
    const fields = readFields(request.body);
    if (fields.grant_type === undefined) throw new OAuthError('invalid_request', 'grant_type is required.');
    if (fields.grant_type !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 'Only the client_credentials grant is supported.');
    try {
      return await this.authenticateAndMint(fields, request.authorization, gate);
    } catch (error) {
      if (error instanceof OAuthError && error.error === 'invalid_client') await gate?.failed();
      throw error;
    }
  }

  private async authenticateAndMint(fields: Record<string, string | undefined>, authorization: string | undefined, gate?: AddressGate): Promise<TokenResponse> {
    const client = readClient(fields, authorization);
    const secret = new PresentedSecret(client.clientSecret);
    const recognised = this.lookup.recognises(secret);
    await gate?.admit(recognised, secret);
    const match = isUuid(client.clientId) ? await this.lookup.bySecret(secret) : null;
    const agent = match?.principal;
    if (!match || !agent || agent.id !== client.clientId.toLowerCase() || agent.kind !== 'agent' || agent.status !== 'active') {
      throw new OAuthError('invalid_client', 'Client authentication failed.', client.basic);
    }
    if (!recognised) await gate?.succeeded(secret);
    const scopes = grantedScopes(fields.scope, agent.scopes);
    const minted = await this.tokens.mint({ tenantId: agent.tenantId, agentId: agent.id, credentialId: match.credential.id, scopes });
    return { access_token: minted.accessToken, token_type: 'Bearer', expires_in: minted.expiresIn, scope: minted.scope };
  }
}

function readFields(body: unknown): Record<string, string | undefined> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new OAuthError('invalid_request', 'The request body must be an object.');
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (!ALLOWED_FIELDS.has(name)) throw new OAuthError('invalid_request', `Unexpected field "${name}"; allowed: ${[...ALLOWED_FIELDS].join(', ')}.`);
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be a single string.`);
    fields[name] = value;
  }
  return fields;
}

/** Client credentials from HTTP Basic (form-urlencoded id and secret, RFC 6749 §2.3.1) or the body. */
function readClient(fields: Record<string, string | undefined>, authorization: string | undefined): ClientCredentials {
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (authorization && !basic) throw new OAuthError('invalid_client', 'Unsupported Authorization scheme; use HTTP Basic or body credentials.', true);
  if (basic) {
    if (fields.client_secret !== undefined)
      throw new OAuthError('invalid_request', 'Use one client authentication method: HTTP Basic or client_secret, not both.');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'Malformed HTTP Basic credentials.', true);
    const clientId = safeDecode(decoded.slice(0, colon));
    const clientSecret = safeDecode(decoded.slice(colon + 1));
    if (clientId === null || clientSecret === null) throw new OAuthError('invalid_client', 'Malformed HTTP Basic credentials.', true);
    if (fields.client_id !== undefined && fields.client_id !== clientId) throw new OAuthError('invalid_request', 'client_id differs from the HTTP Basic user.');
    return { clientId, clientSecret, basic: true };
  }
  if (!fields.client_id || !fields.client_secret) throw new OAuthError('invalid_client', 'Send client_id and client_secret, or HTTP Basic credentials.');
  return { clientId: fields.client_id, clientSecret: fields.client_secret, basic: false };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The requested scopes if the agent has every one of them; all of the agent's scopes if none were asked. */
export function grantedScopes(requested: string | undefined, agentScopes: Scope[]): Scope[] {
  if (requested === undefined) return [...agentScopes];
  const asked = [...new Set(requested.split(' ').filter((s) => s.length > 0))];
  if (asked.length === 0) throw new OAuthError('invalid_scope', 'scope must name at least one scope.');
  const unknown = asked.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}. Known: ${SCOPES.join(' ')}.`);
  const lacking = asked.filter((s) => !agentScopes.includes(s as Scope));
  if (lacking.length > 0) throw new OAuthError('invalid_scope', `The agent does not have: ${lacking.join(' ')}.`);
  return SCOPES.filter((s) => asked.includes(s));
}
