import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CredentialRepository, DomainError, hashSecret, PrincipalKind, Scope } from '@hcs/domain';
import { AUTH_METADATA } from '../decorators/auth.decorators';
import type { Actor, AuthenticatedRequest } from '../principal/actor';

interface HeaderRequest extends AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
}

function bearerToken(req: HeaderRequest): string | null {
  const header = req.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match ? match[1] : null;
}

/**
 * Global guard: every route needs a bearer unless `@Public()`. Resolves the API key to an
 * `Actor`, then enforces `@PrincipalKinds` and `@Scopes` (kind first: an admin on the booking
 * chain is the wrong kind, not a missing scope).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: CredentialRepository,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(AUTH_METADATA.public, targets)) return true;
    const req = ctx.switchToHttp().getRequest<HeaderRequest>();
    const token = bearerToken(req);
    if (!token) throw new DomainError('unauthenticated', { message: 'Send Authorization: Bearer <credential>.' });
    const actor = await this.resolveApiKey(token);
    if (!actor) throw new DomainError('unauthenticated', { message: 'The credential is unknown, revoked or disabled.' });
    req.actor = actor;

    const kinds = this.reflector.getAllAndOverride<PrincipalKind[] | undefined>(AUTH_METADATA.principalKinds, targets);
    if (kinds && !kinds.includes(actor.kind)) {
      throw new DomainError('principal_kind_not_allowed', { detail: { principal_kind: actor.kind, allowed: kinds } });
    }
    const scopes = this.reflector.getAllAndOverride<Scope[] | undefined>(AUTH_METADATA.scopes, targets) ?? [];
    const missing = actor.kind === 'agent' ? scopes.filter((s) => !actor.scopes.includes(s)) : [];
    if (missing.length > 0) throw new DomainError('forbidden', { detail: { required_scopes: scopes, missing_scopes: missing } });
    return true;
  }

  private async resolveApiKey(secret: string): Promise<Actor | null> {
    const found = await this.credentials.findLiveByHash(hashSecret(secret));
    if (!found) return null;
    const { credential, principal } = found;
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
}
