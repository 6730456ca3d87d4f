import { Injectable, Logger } from '@nestjs/common';
import { createLocalJWKSet, createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { JSONWebKeySet, JWTPayload, JWTVerifyGetKey } from 'jose';
import { DELEGATION_ALGORITHMS, DelegationIssuer, DomainError, jwksUrlProblem } from '@hcs/domain';
import { AppConfig, OutboundRefused, sendOutbound } from '@hcs/platform';
import type { Traveler } from '../principal/actor';
import { DEMO_ISSUER } from './demo-delegation-issuer';
import { TrustedIssuers } from './trusted-issuers';

/** detail.reason values of `delegation_invalid` (docs/api-contract.md "Delegation"). */
export type DelegationFailureReason = 'expired' | 'bad_signature' | 'missing_claim' | 'audience_mismatch' | 'unsupported_algorithm';

export const DELEGATION_CLOCK_TOLERANCE_SECONDS = 30;
export const JWKS_FETCH_TIMEOUT_MS = 2_000;
/** Fetched JWK sets are reused this long; an unknown `kid` refetches at most every 30 s. */
export const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
const JWKS_COOLDOWN_MS = 30_000;
const REQUIRED_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'iat'] as const;
/** Longest `jti` a booking can record: `delegation_jti_uses.jti` is CHECKed to 1–512 characters. */
export const DELEGATION_JTI_MAX_LENGTH = 512;

/** A verified delegation: the traveler, plus what the replay check of bookings needs. */
export interface VerifiedDelegation {
  traveler: Traveler;
  /** The token's `jti`, when it has one (a booking consumes it: docs/identity.md). */
  jti: string | null;
  expiresAt: Date;
}

function invalid(reason: DelegationFailureReason, extra: Record<string, unknown> = {}, message?: string): DomainError {
  return new DomainError('delegation_invalid', { message, detail: { reason, ...extra } });
}

/**
 * Verifies a traveler delegation JWT for a tenant: the algorithm is checked from the header before
 * anything else (RS256 and ES256 only), the issuer must be registered for the tenant or the
 * platform and active, the signature must match one of its keys (inline or fetched from its
 * `jwks_url`), and iss, sub, aud (containing the platform audience) and exp must be present and
 * valid with 30 s of clock tolerance. Used by the REST delegation guard and the MCP tools.
 */
@Injectable()
export class DelegationVerifier {
  private readonly logger = new Logger(DelegationVerifier.name);
  private readonly localSets = new Map<string, { version: number; set: JWTVerifyGetKey }>();
  private readonly remoteSets = new Map<string, JWTVerifyGetKey>();

  constructor(
    private readonly issuers: TrustedIssuers,
    private readonly config: AppConfig,
  ) {}

  get audience(): string {
    return this.config.delegationAudience;
  }

  async verify(tenantId: string, token: string): Promise<Traveler> {
    return (await this.verifyDelegation(tenantId, token)).traveler;
  }

  async verifyDelegation(tenantId: string, token: string): Promise<VerifiedDelegation> {
    const alg = headerAlg(token);
    if (!(DELEGATION_ALGORITHMS as readonly string[]).includes(alg ?? '')) {
      throw invalid('unsupported_algorithm', { alg: alg ?? null, accepted: DELEGATION_ALGORITHMS });
    }
    const unverified = unverifiedClaims(token);
    if (typeof unverified.iss !== 'string' || unverified.iss.length === 0) throw invalid('missing_claim', { claim: 'iss' });
    // Refused before any statement (the issuer lookup, the booking's replay row, which the column's CHECK would fail).
    if (typeof unverified.jti === 'string' && unverified.jti.length > DELEGATION_JTI_MAX_LENGTH) {
      throw invalid(
        'missing_claim',
        { claim: 'jti', max_length: DELEGATION_JTI_MAX_LENGTH },
        `The delegation's jti is longer than ${DELEGATION_JTI_MAX_LENGTH} characters.`,
      );
    }

    // The demo issuer's private key sits in our own database: never trust it in production.
    const demoInProduction = unverified.iss === DEMO_ISSUER && this.config.nodeEnv === 'production';
    const issuer = demoInProduction ? null : await this.issuers.find(tenantId, unverified.iss);
    if (!issuer) throw new DomainError('delegation_issuer_unknown', { detail: { iss: unverified.iss } });
    if (issuer.status !== 'active') throw new DomainError('delegation_issuer_unknown', { detail: { iss: issuer.iss, status: issuer.status } });

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keySet(issuer), {
        algorithms: [...DELEGATION_ALGORITHMS],
        issuer: issuer.iss,
        clockTolerance: DELEGATION_CLOCK_TOLERANCE_SECONDS,
        requiredClaims: [...REQUIRED_CLAIMS],
      }));
    } catch (error) {
      throw this.failure(error, issuer);
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw invalid('missing_claim', { claim: 'sub' });
    this.checkLifetime(payload);
    this.checkAudience(payload, issuer, tenantId);
    const jti = typeof payload.jti === 'string' && payload.jti.length > 0 ? payload.jti : null;
    return { traveler: { iss: issuer.iss, sub: payload.sub }, jti, expiresAt: new Date((payload.exp as number) * 1000) };
  }

  /**
   * Delegations are short-lived: `iat` may not lie in the future and `exp - iat` may not exceed
   * DELEGATION_MAX_LIFETIME_SECONDS (docs/identity.md). Both are `expired`: the token is not valid
   * for that long.
   */
  private checkLifetime(payload: JWTPayload): void {
    const iat = payload.iat as number;
    const exp = payload.exp as number;
    const now = Math.floor(Date.now() / 1000);
    if (iat > now + DELEGATION_CLOCK_TOLERANCE_SECONDS) throw invalid('expired', { claim: 'iat' }, 'The delegation was issued in the future (iat).');
    const max = this.config.delegationMaxLifetimeSeconds;
    if (exp - iat > max) {
      throw invalid(
        'expired',
        { claim: 'exp', lifetime_seconds: exp - iat, max_lifetime_seconds: max },
        `A delegation may live at most ${max} seconds (exp - iat).`,
      );
    }
  }

  /**
   * `aud` must include the platform audience, and an issuer that lists allowed audiences must list
   * it too. A delegation that names a tenant (`tenant_id` claim) is good for that tenant only.
   */
  private checkAudience(payload: JWTPayload, issuer: DelegationIssuer, tenantId: string): void {
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(this.audience)) throw invalid('audience_mismatch', { expected: this.audience });
    if (issuer.allowedAudiences.length > 0 && !issuer.allowedAudiences.includes(this.audience)) {
      throw invalid(
        'audience_mismatch',
        { expected: this.audience, allowed_audiences: issuer.allowedAudiences },
        'The issuer is not trusted for this audience.',
      );
    }
    const claimedTenant = (payload as Record<string, unknown>).tenant_id;
    // A platform issuer serves every tenant: its delegations must say which one (docs/identity.md).
    if (issuer.tenantId === null && claimedTenant === undefined) {
      throw invalid('missing_claim', { claim: 'tenant_id' }, "A platform issuer's delegation must name the tenant (tenant_id claim).");
    }
    if (claimedTenant !== undefined && claimedTenant !== tenantId) {
      throw invalid('audience_mismatch', { expected_tenant_id: tenantId }, 'The delegation was issued for another tenant.');
    }
  }

  private failure(error: unknown, issuer: DelegationIssuer): DomainError {
    if (error instanceof DomainError) return error;
    if (error instanceof errors.JWTExpired) return invalid('expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.reason === 'missing' || (REQUIRED_CLAIMS as readonly string[]).includes(error.claim)) {
        return error.claim === 'aud' && error.reason !== 'missing'
          ? invalid('audience_mismatch', { expected: this.audience })
          : invalid('missing_claim', { claim: error.claim });
      }
      // nbf in the future (or a malformed iat): not valid at this time.
      return invalid('expired', { claim: error.claim });
    }
    if (error instanceof errors.JOSEAlgNotAllowed) return invalid('unsupported_algorithm', { accepted: DELEGATION_ALGORITHMS });
    if (error instanceof errors.JWKSTimeout || (error instanceof errors.JOSEError && error.code === 'ERR_JWKS_INVALID')) {
      this.logger.warn({ iss: issuer.iss, jwks_url: issuer.jwksUrl, err: error }, 'delegation issuer keys could not be fetched');
      return invalid('bad_signature', { keys_unavailable: true }, 'The issuer keys could not be fetched.');
    }
    if (error instanceof errors.JOSEError) return invalid('bad_signature');
    this.logger.warn({ iss: issuer.iss, err: error }, 'delegation verification failed unexpectedly');
    return invalid('bad_signature', { keys_unavailable: true }, 'The issuer keys could not be fetched.');
  }

  private keySet(issuer: DelegationIssuer): JWTVerifyGetKey {
    if (issuer.jwks) {
      const version = issuer.updatedAt.getTime();
      const cached = this.localSets.get(issuer.id);
      if (cached && cached.version === version) return cached.set;
      const set = createLocalJWKSet(issuer.jwks as JSONWebKeySet);
      this.localSets.set(issuer.id, { version, set });
      return set;
    }
    const url = issuer.jwksUrl as string;
    // Checked on every use: the configuration may have changed since the issuer was registered.
    const problem = jwksUrlProblem(url, this.config.webhookAllowPrivate);
    if (problem) throw invalid('bad_signature', { keys_unavailable: true }, `The issuer jwks_url is not allowed: ${problem}.`);
    let set = this.remoteSets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), {
        timeoutDuration: JWKS_FETCH_TIMEOUT_MS,
        cooldownDuration: JWKS_COOLDOWN_MS,
        cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
        // The service's one outbound rule: names resolved and checked at connect time, no redirects, 64 KB at most.
        [customFetch]: (target: string) => guardedJwksFetch(target, this.config.webhookAllowPrivate),
      });
      this.remoteSets.set(url, set);
    }
    return set;
  }
}

async function guardedJwksFetch(target: string, allowPrivate: boolean): Promise<Response> {
  try {
    const answer = await sendOutbound(
      { url: target, method: 'GET', headers: { accept: 'application/json' }, timeoutMs: JWKS_FETCH_TIMEOUT_MS },
      { allowPrivate },
    );
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  } catch (error) {
    // jose reports a failed fetch as unavailable keys; the reason is logged by the caller.
    throw error instanceof OutboundRefused ? new errors.JWKSInvalid(`jwks_url refused: ${error.message}`) : new errors.JWKSTimeout(String(error));
  }
}

function headerAlg(token: string): string | undefined {
  try {
    const alg = decodeProtectedHeader(token).alg;
    return typeof alg === 'string' ? alg : undefined;
  } catch {
    throw invalid('bad_signature', {}, 'The delegation is not a compact JWS (header.payload.signature).');
  }
}

function unverifiedClaims(token: string): JWTPayload {
  try {
    return decodeJwt(token);
  } catch {
    throw invalid('bad_signature', {}, 'The delegation payload is not a JWT claims set.');
  }
}
