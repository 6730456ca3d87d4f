import { Injectable, Optional } from '@nestjs/common';
import { DelegationIssuer, DelegationIssuerRepository, IssuerChangeNotifier } from '@hcs/domain';
import { TtlCache } from '@hcs/platform';

/**
 * How long a process answers "which issuer is trusted for (tenant, iss)" from memory. A change made
 * through the api or the CLI drops every process's copy at once (the identity change channel);
 * this bound only matters when that message is lost (Redis down).
 */
export const TRUSTED_ISSUER_CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

/**
 * The delegation issuer lookup of every booking, kept in memory (docs/performance.md: one SQL
 * statement less per chain). Unknown issuers are remembered too, so a flood of tokens naming an
 * unregistered `iss` costs no statement either. A lookup that raced with a change is not stored.
 */
@Injectable()
export class TrustedIssuers {
  private readonly cache = new TtlCache<string, DelegationIssuer | null>(CACHE_MAX);
  private generation = 0;

  constructor(
    private readonly issuers: DelegationIssuerRepository,
    @Optional() changes?: IssuerChangeNotifier,
  ) {
    changes?.onIssuersChanged(() => this.invalidate());
  }

  async find(tenantId: string, iss: string): Promise<DelegationIssuer | null> {
    const key = `${tenantId}\n${iss}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const issuer = await this.issuers.findTrusted(tenantId, iss);
    if (generation === this.generation) this.cache.set(key, issuer, TRUSTED_ISSUER_CACHE_TTL_MS);
    return issuer;
  }

  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }
}
