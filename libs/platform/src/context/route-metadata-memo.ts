import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/** The decorator targets of a route, handler first, as `Reflector.getAllAndOverride` takes them. */
export type RouteTargets = [handler: ReturnType<ExecutionContext['getHandler']>, controller: ReturnType<ExecutionContext['getClass']>];

/**
 * What a route's decorators say, read at the route's first request and then kept per controller
 * and handler: the global guards ask on every request, and decorators
 * do not change after boot (docs/performance.md, "The pipeline, piece by piece").
 */
export class RouteMetadataMemo<T> {
  private readonly byController = new WeakMap<object, WeakMap<object, T>>();

  constructor(private readonly read: (reflector: Reflector, targets: RouteTargets) => T) {}

  of(reflector: Reflector, ctx: ExecutionContext): T {
    const controller = ctx.getClass();
    const handler = ctx.getHandler();
    let handlers = this.byController.get(controller);
    if (handlers === undefined) {
      handlers = new WeakMap();
      this.byController.set(controller, handlers);
    }
    let value = handlers.get(handler);
    if (value === undefined) {
      value = this.read(reflector, [handler, controller]);
      handlers.set(handler, value);
    }
    return value;
  }
}
