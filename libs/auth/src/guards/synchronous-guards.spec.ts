import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@hcs/domain';
import { Public, RequiresDelegation, SkipRateLimit } from '../decorators/auth.decorators';
import { BearerAuthGuard } from './bearer-auth.guard';
import { DelegationGuard } from './delegation.guard';
import { RateLimitGuard } from './rate-limit.guard';

/** A collaborator the case must not reach: any use of it fails the test. */
function untouched<T>(name: string): T {
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        throw new Error(`${name}.${String(key)} was used`);
      },
    },
  ) as T;
}

class Routes {
  @Public()
  @SkipRateLimit()
  probe(): void {}

  @RequiresDelegation()
  book(): void {}
}

function contextOf(handler: keyof Routes): ExecutionContext {
  return {
    getType: () => 'http',
    getClass: () => Routes,
    getHandler: () => Routes.prototype[handler],
    switchToHttp: () => ({ getRequest: () => ({}), getResponse: () => ({ setHeader: () => undefined }) }),
  } as unknown as ExecutionContext;
}

// Nest awaits a guard's answer only when it is a promise: a guard with nothing to look up answers
// `true` itself, which spares every such request an async call and its awaits (docs/performance.md).
describe('global guards without anything to look up', () => {
  const reflector = new Reflector();

  it('lets a @Public() route through authentication synchronously, touching no credential store', () => {
    const guard = new BearerAuthGuard(reflector, untouched('authenticator'), untouched('tenants'), untouched('config'), untouched('throttle'));
    expect(guard.canActivate(contextOf('probe'))).toBe(true);
  });

  it('lets a @SkipRateLimit() route through the rate limit synchronously, counting nothing', () => {
    const guard = new RateLimitGuard(reflector, untouched('limits'));
    expect(guard.canActivate(contextOf('probe'))).toBe(true);
  });

  it('lets a route without @RequiresDelegation() through synchronously, verifying nothing', () => {
    const guard = new DelegationGuard(reflector, untouched('verifier'));
    expect(guard.canActivate(contextOf('probe'))).toBe(true);
  });

  it('still checks a delegation route, asynchronously', async () => {
    const guard = new DelegationGuard(reflector, untouched('verifier'));
    const answer = guard.canActivate(contextOf('book'));
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).rejects.toEqual(expect.objectContaining<Partial<DomainError>>({ code: 'unauthenticated' }));
  });
});
