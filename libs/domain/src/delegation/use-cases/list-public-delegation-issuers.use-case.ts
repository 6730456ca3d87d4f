import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import { isUuid } from '../../identity/rules/uuid';
import { TenantRepository } from '../../tenancy/ports/tenant.repository';
import { DelegationIssuer, DelegationIssuerRepository } from '../ports/delegation-issuer.repository';
import { IssuerChangeNotifier } from '../ports/issuer-change-notifier';
import { PublicDelegationIssuerView, publicDelegationIssuerView } from '../delegation-issuer.view';

export interface ListPublicDelegationIssuersQuery {
  /** `X-Tenant-Id` as sent, unchecked: an unknown or malformed id adds nothing. */
  tenantHint?: string | null;
}

/**
 * The public list is served from memory this long per tenant hint (docs/identity.md), unless an
 * issuer change is announced first (then every process drops its copy at once).
 */
export const PUBLIC_ISSUERS_TTL_MS = 5_000;
const MAX_CACHED_HINTS = 1_000;

/**
 * The public issuer list: every platform issuer, plus the issuers of the tenant named by the
 * optional tenant hint (an unknown or malformed tenant id simply adds nothing). A tenant issuer
 * whose `iss` a platform issuer uses is left out: the platform issuer wins every lookup.
 */
@Injectable()
export class ListPublicDelegationIssuers {
  private readonly cache = new Map<string, { issuers: DelegationIssuer[]; until: number }>();

  constructor(
    private readonly issuers: DelegationIssuerRepository,
    private readonly tenants: TenantRepository,
    @Optional() changes?: IssuerChangeNotifier,
  ) {
    changes?.onIssuersChanged(() => this.cache.clear());
  }

  /** Anyone may read the list (a bare discovery document): the reader, if known, changes nothing. */
  async execute(query: ListPublicDelegationIssuersQuery, _reader: Reader | null): Promise<Outcome<{ issuers: PublicDelegationIssuerView[] }>> {
    return new Outcome({ issuers: (await this.issuersFor(query.tenantHint)).map(publicDelegationIssuerView) });
  }

  private async issuersFor(tenantHint: string | null | undefined): Promise<DelegationIssuer[]> {
    // Only well-formed ids get an entry of their own: random hints cannot grow the cache.
    const key = isUuid(tenantHint) ? tenantHint.toLowerCase() : '';
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.issuers;
    const issuers = await this.load(key || null);
    if (this.cache.size >= MAX_CACHED_HINTS) this.cache.clear();
    this.cache.set(key, { issuers, until: Date.now() + PUBLIC_ISSUERS_TTL_MS });
    return issuers;
  }

  private async load(tenantHint: string | null): Promise<DelegationIssuer[]> {
    const platform = await this.issuers.listPlatform();
    if (!isUuid(tenantHint) || !(await this.tenants.findById(tenantHint))) return platform;
    const taken = new Set(platform.map((i) => i.iss));
    return [...platform, ...(await this.issuers.listForTenant(tenantHint)).filter((i) => !taken.has(i.iss))];
  }
}
