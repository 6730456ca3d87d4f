import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { errors, importJWK, jwtVerify, SignJWT } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { Scope, SCOPES } from '@hcs/domain';
import { AppConfig, TtlCache } from '@hcs/platform';
import { publicJwk, SIGNING_ALG, SigningKeys } from './signing-keys.service';

/** Access token lifetime (seconds). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** How long a retired key stays in the JWKS: every token it signed has expired by then. */
export const ACCESS_TOKEN_KEY_RETENTION_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 300;
const CLOCK_TOLERANCE_SECONDS = 5;
const VERIFIED_CACHE_MAX = 10_000;
const KEYSET_REFRESH_MS = 60_000;
/** An unknown `kid` (a key rotated in by another process) reloads the keys at most this often. */
const UNKNOWN_KID_REFRESH_MS = 1_000;
/** `/.well-known/jwks.json` is served from memory this long, and at once anew after a local rotation. */
export const JWKS_DOCUMENT_TTL_MS = 10_000;

export interface MintAccessToken {
  tenantId: string;
  agentId: string;
  /** The credential that authenticated the client; revoking it ends the token too. */
  credentialId: string;
  scopes: Scope[];
}

export interface MintedAccessToken {
  accessToken: string;
  expiresIn: number;
  scope: string;
}

/** The verified claims of one of our access tokens. */
export interface AccessTokenClaims {
  tenantId: string;
  agentId: string;
  credentialId: string;
  tokenId: string;
  scopes: Scope[];
  expiresAt: number;
}

/**
 * OAuth access tokens (RFC 9068 JWT profile): ES256 with a `kid`, `typ: at+jwt`, claims iss
 * (BASE_URL), sub (agent id), aud (BASE_URL, the protected resource), tenant_id, scope, exp, iat,
 * jti, plus client_id and cid (the credential that minted it). Verified tokens are cached until
 * their `exp`; the public keys are cached and refetched when an unknown `kid` shows up.
 */
@Injectable()
export class AccessTokens {
  private readonly logger = new Logger(AccessTokens.name);
  private readonly verified = new TtlCache<string, AccessTokenClaims>(VERIFIED_CACHE_MAX);
  private keys = new Map<string, CryptoKey>();
  private keysLoadedAt = 0;
  private keysGeneration = -1;
  private keysLoading: Promise<void> | null = null;

  constructor(
    private readonly signingKeys: SigningKeys,
    private readonly config: AppConfig,
  ) {}

  get issuer(): string {
    return this.config.baseUrl;
  }

  get audience(): string {
    return this.config.baseUrl;
  }

  async mint(input: MintAccessToken): Promise<MintedAccessToken> {
    const key = await this.signingKeys.activeKey('oauth_access_token');
    const scope = input.scopes.join(' ');
    const accessToken = await new SignJWT({ tenant_id: input.tenantId, scope, client_id: input.agentId, cid: input.credentialId })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setSubject(input.agentId)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .setJti(randomUUID())
      .sign(key.privateKey);
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, scope };
  }

  /**
   * Whether this is a valid token of ours, by its signature alone (no Postgres lookup of the
   * credential; the signing keys come from memory, reloaded at most once a second for an unknown
   * `kid`). The address rule uses it to let valid callers through (docs/security.md "Shared
   * addresses"); the request is then authenticated as usual.
   */
  async recognises(token: string): Promise<boolean> {
    return (await this.verify(token)) !== null;
  }

  /** The claims of a valid token of ours, or null (bad signature, unknown kid, expired, not ours). */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const now = Date.now();
    const cached = this.verified.get(token, now);
    if (cached) return cached;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyFor(header.kid), {
        algorithms: [SIGNING_ALG],
        issuer: this.issuer,
        audience: this.audience,
        typ: 'at+jwt',
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'jti'],
      }));
    } catch (error) {
      if (!(error instanceof errors.JOSEError)) this.logger.warn({ err: error }, 'access token verification failed unexpectedly');
      return null;
    }
    const claims = toClaims(payload);
    if (!claims) return null;
    this.verified.set(token, claims, claims.expiresAt * 1000 + CLOCK_TOLERANCE_SECONDS * 1000 - now, now);
    return claims;
  }

  /** The published JWK set (`/.well-known/jwks.json`); creates the first key if there is none. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const cached = this.jwksDocument;
    if (cached && cached.until > Date.now() && cached.generation === this.signingKeys.generation) return cached.document;
    const generation = this.signingKeys.generation;
    const document = await this.loadJwks();
    this.jwksDocument = { document, generation, until: Date.now() + JWKS_DOCUMENT_TTL_MS };
    return document;
  }

  private jwksDocument: { document: { keys: JWK[] }; generation: number; until: number } | null = null;

  private async loadJwks(): Promise<{ keys: JWK[] }> {
    if (this.config.oauthEnabled) await this.signingKeys.activeKey('oauth_access_token');
    const keys = await this.signingKeys.published('oauth_access_token', ACCESS_TOKEN_KEY_RETENTION_SECONDS);
    return { keys: keys.map(publicJwk) };
  }

  private async keyFor(kid: string | undefined): Promise<CryptoKey> {
    if (!kid) throw new errors.JWKSNoMatchingKey();
    const stale = Date.now() - this.keysLoadedAt > KEYSET_REFRESH_MS || this.keysGeneration !== this.signingKeys.generation;
    const unknown = !this.keys.has(kid) && Date.now() - this.keysLoadedAt > UNKNOWN_KID_REFRESH_MS;
    if (stale || unknown) await this.reloadKeys();
    const key = this.keys.get(kid);
    if (!key) throw new errors.JWKSNoMatchingKey();
    return key;
  }

  private reloadKeys(): Promise<void> {
    this.keysLoading ??= (async () => {
      try {
        const generation = this.signingKeys.generation;
        const published = await this.signingKeys.published('oauth_access_token', ACCESS_TOKEN_KEY_RETENTION_SECONDS);
        const next = new Map<string, CryptoKey>();
        for (const key of published) next.set(key.kid, (await importJWK(publicJwk(key), key.alg)) as CryptoKey);
        this.keys = next;
        this.keysLoadedAt = Date.now();
        this.keysGeneration = generation;
      } finally {
        this.keysLoading = null;
      }
    })();
    return this.keysLoading;
  }
}

function toClaims(payload: JWTPayload): AccessTokenClaims | null {
  const { sub, jti, exp, tenant_id: tenantId, cid, scope } = payload as JWTPayload & Record<string, unknown>;
  if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
  if (typeof tenantId !== 'string' || typeof cid !== 'string' || typeof scope !== 'string') return null;
  const scopes = SCOPES.filter((s) => scope.split(' ').includes(s));
  return { tenantId, agentId: sub, credentialId: cid, tokenId: jti, scopes, expiresAt: exp };
}
