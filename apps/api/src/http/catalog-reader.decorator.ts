import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Actor, AuthenticatedRequest } from '@hcs/auth';
import { DomainError } from '@hcs/domain';

/** Who reads the catalog: an authenticated principal, or an anonymous caller naming a tenant. */
export interface CatalogReader {
  tenantId: string;
  actor: Actor | null;
}

/**
 * The tenant of a catalog read (`@AnonymousCatalogRead()` routes): the bearer's tenant, else the
 * tenant the auth guard resolved from `X-Tenant-Id` for an anonymous call. Neither means the
 * guard let through a call it should not have: fail as unauthenticated.
 */
export const CurrentCatalogReader = createParamDecorator((_: unknown, ctx: ExecutionContext): CatalogReader => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  if (req.actor) return { tenantId: req.actor.tenantId, actor: req.actor };
  if (req.anonymousTenantId) return { tenantId: req.anonymousTenantId, actor: null };
  throw new DomainError('unauthenticated', { message: 'Send Authorization: Bearer <credential>, or X-Tenant-Id for an anonymous catalog read.' });
});
