import type { ApplicationConfig } from '@nestjs/core';

/** A plain object whose only member is `name`: what nestjs-cls registers as a placeholder enhancer. */
function placeholder(enhancer: object, name: string): boolean {
  return Object.getPrototypeOf(enhancer) === Object.prototype && Object.keys(enhancer).length === 1 && name in enhancer;
}

/**
 * nestjs-cls registers a global guard (`canActivate: () => true`) and a global interceptor
 * (`intercept: (_, next) => next.handle()`) even when it is not mounted (`mount: false`, as here:
 * the request context is opened by our own middleware). A global interceptor, even a pass-through,
 * makes Nest build an rxjs pipeline and a subject around every handler (docs/performance.md, "The
 * envelope at the reply"). Removed before the routes are built; an e2e test holds the lists.
 */
export function dropPassThroughEnhancers(config: ApplicationConfig): void {
  const interceptors = config.getGlobalInterceptors();
  const guards = config.getGlobalGuards();
  const keptInterceptors = interceptors.filter((i) => !placeholder(i, 'intercept'));
  const keptGuards = guards.filter((g) => !placeholder(g, 'canActivate'));
  interceptors.splice(0, interceptors.length, ...keptInterceptors);
  guards.splice(0, guards.length, ...keptGuards);
}
