import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { BearerAuthenticator } from '../credentials/bearer-authenticator';
import { PresentedSecret } from '../credentials/presented-secret';
import { KnownTenants } from '../credentials/known-tenants';
import { assertRouteAccess } from '../access/route-access';
import { addressThrottled, AuthFailureThrottle } from '../rate-limit/auth-failure-throttle';
import { clientIp, GuardedRequest, GuardedResponse, header } from './http-request';
import { routeAuth, RouteAuth } from './route-auth';

function bearerToken(authorization: string | undefined): string | null {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match ? match[1] : null;
}

/** HTTP Basic credentials (RFC 7617): channel managers send their channel id and secret this way (docs/channels.md). */
export function basicCredentials(authorization: string | undefined): { username: string; secret: string } | null {
  const match = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1 || colon === decoded.length - 1) return null;
  return { username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Global guard, first of the chain: every route needs a bearer unless `@Public()`, and
 * `@AnonymousCatalogRead()` routes may instead name an existing tenant in X-Tenant-Id. The bearer
 * (API key or access token) becomes `req.actor`; an X-Tenant-Id beside it must be its tenant.
 * Then `@PrincipalKinds` and `@Scopes` (kind first: an admin on the booking chain is the wrong
 * kind, not a missing scope).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: BearerAuthenticator,
    private readonly tenants: KnownTenants,
    private readonly config: AppConfig,
    private readonly throttle: AuthFailureThrottle,
  ) {}

  /** Synchronous for `@Public()` routes: Nest awaits only what is a promise (docs/performance.md). */
  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const route = routeAuth(this.reflector, ctx);
    if (route.public) return true;
    return this.check(ctx, route);
  }

  private async check(ctx: ExecutionContext, route: RouteAuth): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<GuardedRequest>();
    // Before any credential or tenant lookup: an address that keeps failing is refused cheaply,
    // but a credential memory knows to be valid is never refused for other callers' failures.
    const ip = clientIp(req);
    const authorization = header(req, 'authorization');
    const basic = basicCredentials(authorization);
    const token = basic?.secret ?? bearerToken(authorization);
    // Hashed once for every check of this request that needs the digest.
    const secret = token !== null ? new PresentedSecret(token) : null;
    const recognised = secret !== null && (await this.authenticator.recognises(secret));
    if (!recognised) {
      const throttled = await this.throttle.state(ip);
      // Another api process may have authenticated this very secret lately (one Redis EXISTS).
      if (throttled.blocked && !(secret !== null && (await this.throttle.knownValid(secret)))) throw addressThrottled(throttled);
    }
    try {
      const allowed = await this.authenticate(ctx, req, route, secret, basic?.username ?? null);
      if (secret !== null && !recognised && req.actor) void this.throttle.rememberValid(secret);
      return allowed;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'unauthenticated') await this.throttle.recordFailure(ip);
      throw error;
    }
  }

  private async authenticate(
    ctx: ExecutionContext,
    req: GuardedRequest,
    route: RouteAuth,
    secret: PresentedSecret | null,
    basicUser: string | null,
  ): Promise<boolean> {
    const authorization = header(req, 'authorization');
    const tenantHint = header(req, 'x-tenant-id');

    if (authorization === undefined && route.anonymousCatalog) {
      if (!(await this.tenants.exists(tenantHint))) {
        throw this.unauthenticated(ctx, 'Send Authorization: Bearer <credential>, or X-Tenant-Id naming an existing tenant for an anonymous catalog read.');
      }
      req.anonymousTenantId = (tenantHint as string).toLowerCase();
      return true;
    }

    if (!secret) throw this.unauthenticated(ctx, 'Send Authorization: Bearer <API key or access token>.');
    const actor = await this.authenticator.authenticate(secret);
    if (!actor) throw this.unauthenticated(ctx, 'The credential is unknown, revoked, expired or belongs to a disabled principal.');
    // Basic is for channel managers only, and its user name must be the channel's id.
    if (basicUser !== null && (actor.kind !== 'channel' || basicUser.toLowerCase() !== actor.principalId)) {
      throw this.unauthenticated(ctx, "HTTP Basic takes a channel id as user name and that channel's secret as password.");
    }
    if (tenantHint !== undefined && tenantHint.toLowerCase() !== actor.tenantId) {
      throw new DomainError('resource_access_denied', {
        message: 'X-Tenant-Id does not match the tenant of the credential.',
        detail: { x_tenant_id: tenantHint },
      });
    }
    req.actor = actor;

    assertRouteAccess(actor, route.principalKinds, route.scopes);
    return true;
  }

  /** RFC 6750 challenge, pointing at the protected resource metadata (RFC 9728 §5.1). */
  private unauthenticated(ctx: ExecutionContext, message: string): DomainError {
    const res = ctx.switchToHttp().getResponse<GuardedResponse>();
    res.setHeader(
      'WWW-Authenticate',
      `Bearer realm="${this.config.serviceName}", resource_metadata="${this.config.baseUrl}/.well-known/oauth-protected-resource"`,
    );
    return new DomainError('unauthenticated', { message });
  }
}
