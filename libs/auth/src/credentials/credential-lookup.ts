import { Injectable, Logger } from '@nestjs/common';
import { CredentialMatch, CredentialRepository, digestsMatch } from '@hcs/domain';
import { TtlCache } from '@hcs/platform';
import { presented, PresentedSecret } from './presented-secret';

/**
 * How long a credential lookup is reused by one process. A revocation, a disabled agent or
 * narrowed scopes are broadcast to every process at once (Redis pub/sub); this is the worst case
 * when that broadcast is lost (Redis down), not the usual delay.
 */
export const CREDENTIAL_CACHE_TTL_MS = 5_000;
const CACHE_MAX = 20_000;
/**
 * How long a secret that matched a live credential is recognised by this process without a
 * lookup, for the address rule only (docs/security.md "Shared addresses"): such a request is
 * authenticated as usual, it is just not refused for other callers' failures from its address.
 */
export const RECOGNISED_SECRET_TTL_MS = 15 * 60_000;

type Cached = CredentialMatch | null;

/**
 * Credential lookups for the bearer guard and the OAuth token endpoint: by secret (API key,
 * client_secret) or by id (access tokens name their credential). Results, misses included, are
 * cached for `CREDENTIAL_CACHE_TTL_MS`; a cache miss also records the credential's last use.
 *
 * Single flight: concurrent misses of one key share one lookup (and one last-use update). Without
 * it, a burst arriving on an expired entry (500 holds at once on a hot room, after a quiet spell)
 * would send one lookup and one `last_used_at` update per request, and the updates would queue on
 * the credential's row lock for seconds (docs/performance.md, "Caches"). A lookup started before
 * `invalidate()` neither fills the cache nor answers the requests that arrive after it.
 */
@Injectable()
export class CredentialLookup {
  private readonly logger = new Logger(CredentialLookup.name);
  private readonly cache = new TtlCache<string, Cached>(CACHE_MAX);
  private readonly recognised = new TtlCache<string, true>(CACHE_MAX);
  private readonly loading = new Map<string, Promise<Cached>>();
  private generation = 0;

  constructor(private readonly credentials: CredentialRepository) {}

  /** The live credential whose secret this is; the stored digest is re-compared in constant time. */
  async bySecret(secret: string | PresentedSecret): Promise<CredentialMatch | null> {
    const { digest } = presented(secret);
    const match = await this.cached(`h:${digest}`, () => this.credentials.findLiveByHash(digest));
    const live = match && digestsMatch(match.secretHash, digest) ? match : null;
    if (live && live.principal.status === 'active') this.recognised.set(digest, true, RECOGNISED_SECRET_TTL_MS);
    else this.recognised.delete(digest);
    return live;
  }

  /**
   * Whether this secret matched a live credential of an active principal in this process lately,
   * answered from memory alone (no lookup). Not an authentication: the caller still authenticates.
   */
  recognises(secret: string | PresentedSecret): boolean {
    return this.recognised.has(presented(secret).digest);
  }

  async byId(credentialId: string): Promise<CredentialMatch | null> {
    return this.cached(`i:${credentialId}`, () => this.credentials.findLiveById(credentialId));
  }

  /** Drops every cached lookup (credential changes are rare; precision is not worth the bookkeeping). */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
    this.loading.clear();
  }

  private cached(key: string, load: () => Promise<Cached>): Promise<Cached> {
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const loading = this.load(key, load, this.generation).finally(() => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    });
    this.loading.set(key, loading);
    return loading;
  }

  private async load(key: string, load: () => Promise<Cached>, generation: number): Promise<Cached> {
    const loaded = await load();
    if (generation !== this.generation) return loaded;
    this.cache.set(key, loaded, CREDENTIAL_CACHE_TTL_MS);
    if (loaded) {
      // Once per cache window and process: good enough for "last used", cheap on the hot path.
      this.credentials.touchLastUsed(loaded.credential.tenantId, loaded.credential.id, new Date()).catch((err: unknown) => {
        this.logger.warn({ err }, 'could not record credential last use');
      });
    }
    return loaded;
  }
}
