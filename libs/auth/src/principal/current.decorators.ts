import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { DomainError } from '@hcs/domain';
import type { Actor, AuthenticatedRequest, DelegationToken, Traveler } from './actor';

/** The authenticated caller. A route without a guard-resolved actor fails loudly, not silently. */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const actor = ctx.switchToHttp().getRequest<AuthenticatedRequest>().actor;
  if (!actor) throw new DomainError('unauthenticated');
  return actor;
});

/** The traveler of a verified delegation JWT (routes marked `@RequiresDelegation()`). */
export const CurrentTraveler = createParamDecorator((_: unknown, ctx: ExecutionContext): Traveler => {
  const traveler = ctx.switchToHttp().getRequest<AuthenticatedRequest>().traveler;
  if (!traveler) throw new DomainError('delegation_required');
  return traveler;
});

/** The `jti` and expiry of the verified delegation (routes marked `@RequiresDelegation()`). */
export const CurrentDelegation = createParamDecorator((_: unknown, ctx: ExecutionContext): DelegationToken => {
  const delegation = ctx.switchToHttp().getRequest<AuthenticatedRequest>().delegation;
  if (!delegation) throw new DomainError('delegation_required');
  return delegation;
});

/** The authenticated caller, or null on an anonymous catalog read (`@AnonymousCatalogRead()`). */
export const OptionalActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor | null => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().actor ?? null;
});

/** The tenant of the call: the credential's, or X-Tenant-Id of an anonymous catalog read. */
export const CurrentTenantId = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  const tenantId = req.actor?.tenantId ?? req.anonymousTenantId;
  if (!tenantId) throw new DomainError('unauthenticated');
  return tenantId;
});

/** The traveler of a verified delegation, or null where the route lets a caller act without one. */
export const OptionalTraveler = createParamDecorator((_: unknown, ctx: ExecutionContext): Traveler | null => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().traveler ?? null;
});
