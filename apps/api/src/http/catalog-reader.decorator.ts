import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '@hcs/auth';
import { anonymousCaller, DomainError, Reader } from '@hcs/domain';

/**
 * Who reads the catalog (`@AnonymousCatalogRead()` routes): the bearer's principal, else an
 * anonymous caller of the tenant the auth guard resolved from `X-Tenant-Id`. Neither means the
 * guard let through a call it should not have: fail as unauthenticated.
 */
export const CurrentCatalogReader = createParamDecorator((_: unknown, ctx: ExecutionContext): Reader => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  if (req.actor) return req.actor;
  if (req.anonymousTenantId) return anonymousCaller(req.anonymousTenantId);
  throw new DomainError('unauthenticated', { message: 'Send Authorization: Bearer <credential>, or X-Tenant-Id for an anonymous catalog read.' });
});
