import { Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { DelegationIssuerRepository, SigningKeyRepository } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { publicJwk, SigningKeys } from '../tokens/signing-keys.service';

/** The `iss` of the development demo issuer (a platform issuer, created on demand). */
export const DEMO_ISSUER = 'urn:hcs:demo-issuer';
export const DEMO_DELEGATION_DEFAULT_TTL_SECONDS = 900;

export interface DemoDelegationRequest {
  sub: string;
  ttlSeconds?: number;
  /** Restricts the delegation to one tenant (`tenant_id` claim). */
  tenantId?: string;
  /** Defaults to the platform audience (DELEGATION_AUDIENCE). */
  audience?: string | string[];
}

export interface DemoDelegation {
  token: string;
  issuer: string;
  audience: string | string[];
  sub: string;
  expires_at: string;
}

/**
 * A stand-in for a real identity provider in development: a platform delegation issuer whose key
 * pair we hold (in `signing_keys`), so `hcs delegation mint` and the demo seed can sign traveler
 * delegations. Refuses to work with NODE_ENV=production.
 */
@Injectable()
export class DemoDelegationIssuer {
  constructor(
    private readonly signingKeys: SigningKeys,
    private readonly keys: SigningKeyRepository,
    private readonly issuers: DelegationIssuerRepository,
    private readonly config: AppConfig,
  ) {}

  /** Creates (or refreshes) the demo issuer and its key; safe to call from racing processes. */
  async ensure(): Promise<{ iss: string; audience: string }> {
    this.refuseInProduction();
    await this.signingKeys.activeKey('demo_delegation');
    const published = await this.keys.listPublished('demo_delegation', new Date());
    await this.issuers.upsertPlatform({
      iss: DEMO_ISSUER,
      name: 'Demo traveler issuer (development only)',
      jwksUrl: null,
      jwks: { keys: published.map((k) => publicJwk(k) as Record<string, unknown>) },
      allowedAudiences: [this.config.delegationAudience],
    });
    return { iss: DEMO_ISSUER, audience: this.config.delegationAudience };
  }

  async mint(request: DemoDelegationRequest): Promise<DemoDelegation> {
    this.refuseInProduction();
    await this.ensure();
    const key = await this.signingKeys.activeKey('demo_delegation');
    const ttl = request.ttlSeconds ?? DEMO_DELEGATION_DEFAULT_TTL_SECONDS;
    const audience = request.audience ?? this.config.delegationAudience;
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(request.tenantId ? { tenant_id: request.tenantId } : {})
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(DEMO_ISSUER)
      .setSubject(request.sub)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl);
    return { token: await jwt.sign(key.privateKey), issuer: DEMO_ISSUER, audience, sub: request.sub, expires_at: new Date((now + ttl) * 1000).toISOString() };
  }

  private refuseInProduction(): void {
    if (this.config.nodeEnv === 'production') throw new Error('The demo delegation issuer is for development only (NODE_ENV=production).');
  }
}
