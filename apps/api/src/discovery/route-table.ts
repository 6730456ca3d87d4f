import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AUTH_METADATA, DelegationOptions } from '@hcs/auth';
import type { HttpMethod } from '@hcs/contracts';
import type { PrincipalKind, Scope } from '@hcs/domain';
import { BARE_RESPONSE } from '../http/bare.decorator';
import { ROUTE_ERRORS, RouteError } from '../http/openapi/route-errors';
import { IDEMPOTENT, IdempotentOptions } from '../idempotency/idempotent-options';
import { CAPABILITY_METADATA, CapabilityOptions } from './capability.decorator';

export interface RouteInfo {
  method: HttpMethod | 'HEAD' | 'OPTIONS' | 'ALL';
  /** OpenAPI-style path: `/v1/properties/{id}`. */
  path: string;
  controller: string;
  handler: string;
  public: boolean;
  anonymousCatalogRead: boolean;
  principalKinds: PrincipalKind[] | null;
  scopes: Scope[];
  delegation: boolean;
  /** Counted by the rate limiter (everything but `@SkipRateLimit()` routes, public ones included). */
  rateLimited: boolean;
  /** `@Idempotent()`: the route honours Idempotency-Key (required or optional). */
  idempotency: IdempotentOptions | null;
  bare: boolean;
  capability: CapabilityOptions | null;
  /** The route's own errors as `ApiEnvelope` lists them (`route-errors.ts`). */
  errors: readonly RouteError[];
}

const METHODS: Record<number, RouteInfo['method']> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.HEAD]: 'HEAD',
  [RequestMethod.OPTIONS]: 'OPTIONS',
  [RequestMethod.ALL]: 'ALL',
};

function joinPath(...parts: string[]): string {
  const joined = `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** True when some caller of the route must present a traveler delegation. */
function delegationGated(options: DelegationOptions | undefined): boolean {
  return options !== undefined && (options.requiredFor === undefined || options.requiredFor.length > 0);
}

/**
 * Every HTTP route of the app with its auth and capability metadata, read from Nest's own
 * controller discovery. The agent card and the OpenAPI post-processing both use it.
 */
@Injectable()
export class RouteTable {
  private cache: RouteInfo[] | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): RouteInfo[] {
    if (this.cache) return this.cache;
    const out: RouteInfo[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => object) | undefined;
      if (!type || !wrapper.instance) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      const prototype = Object.getPrototypeOf(wrapper.instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
        if (methodPaths === undefined || requestMethod === undefined) continue;
        const targets = [handler, type];
        for (const prefix of prefixes) {
          for (const path of [methodPaths].flat()) {
            out.push({
              method: METHODS[requestMethod] ?? 'ALL',
              path: joinPath(prefix, path),
              controller: type.name,
              handler: name,
              public: this.reflector.getAllAndOverride<boolean>(AUTH_METADATA.public, targets) === true,
              anonymousCatalogRead: this.reflector.getAllAndOverride<boolean>(AUTH_METADATA.anonymousCatalog, targets) === true,
              principalKinds: this.reflector.getAllAndOverride<PrincipalKind[] | undefined>(AUTH_METADATA.principalKinds, targets) ?? null,
              scopes: this.reflector.getAllAndOverride<Scope[] | undefined>(AUTH_METADATA.scopes, targets) ?? [],
              delegation: delegationGated(this.reflector.getAllAndOverride<DelegationOptions | undefined>(AUTH_METADATA.delegation, targets)),
              rateLimited: this.reflector.getAllAndOverride<boolean>(AUTH_METADATA.skipRateLimit, targets) !== true,
              idempotency: this.reflector.get<IdempotentOptions | undefined>(IDEMPOTENT, handler) ?? null,
              bare: this.reflector.getAllAndOverride<boolean>(BARE_RESPONSE, targets) === true,
              capability: this.reflector.get<CapabilityOptions | undefined>(CAPABILITY_METADATA, handler) ?? null,
              errors: this.reflector.get<readonly RouteError[] | undefined>(ROUTE_ERRORS, handler) ?? [],
            });
          }
        }
      }
    }
    this.cache = out;
    return out;
  }

  capabilities(): Array<RouteInfo & { capability: CapabilityOptions }> {
    return this.routes().filter((r): r is RouteInfo & { capability: CapabilityOptions } => r.capability !== null);
  }
}
