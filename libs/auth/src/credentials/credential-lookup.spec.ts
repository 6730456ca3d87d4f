import { CredentialMatch, CredentialRepository, hashSecret } from '@hcs/domain';
import { CredentialLookup } from './credential-lookup';

const SECRET = 'hcs_sk_test_single_flight';

/** A credential store whose lookups stay open until the test lets them answer, counting each call. */
class GatedCredentials extends CredentialRepository {
  lookups = 0;
  touches = 0;
  private pending: Array<() => void> = [];

  constructor(private answer: CredentialMatch | null) {
    super();
  }

  set(answer: CredentialMatch | null): void {
    this.answer = answer;
  }

  /** Lets every open lookup answer, the latest first, with what the store held when it was asked. */
  release(): void {
    for (const resolve of this.pending.splice(0).reverse()) resolve();
  }

  async findLiveByHash(): Promise<CredentialMatch | null> {
    this.lookups += 1;
    const answer = this.answer;
    await new Promise<void>((resolve) => this.pending.push(resolve));
    return answer;
  }
  async findLiveById(): Promise<CredentialMatch | null> {
    return this.findLiveByHash();
  }
  async touchLastUsed(): Promise<void> {
    this.touches += 1;
  }
  create = unused;
  listByPrincipal = unused;
  findById = unused;
  revoke = unused;
}

function unused(): never {
  throw new Error('not used by the lookup');
}

const match = (principalId: string): CredentialMatch =>
  ({
    credential: { id: 'cred-1', tenantId: 'tenant-1', principalId },
    secretHash: hashSecret(SECRET),
    principal: { id: principalId, tenantId: 'tenant-1', kind: 'agent', status: 'active' },
  }) as unknown as CredentialMatch;

describe('CredentialLookup', () => {
  it('answers concurrent misses of one secret with one lookup and one last-use update', async () => {
    const store = new GatedCredentials(match('agent-1'));
    const lookup = new CredentialLookup(store);
    const answers = Promise.all(Array.from({ length: 50 }, () => lookup.bySecret(SECRET)));
    store.release();
    const found = await answers;
    expect(found.every((m) => m?.principal.id === 'agent-1')).toBe(true);
    expect(store.lookups).toBe(1);
    expect(store.touches).toBe(1);
    // Cached now: no lookup at all.
    await expect(lookup.bySecret(SECRET)).resolves.toMatchObject({ principal: { id: 'agent-1' } });
    expect(store.lookups).toBe(1);
  });

  it('does not let a lookup started before an invalidation answer or fill the cache after it', async () => {
    const store = new GatedCredentials(match('agent-1'));
    const lookup = new CredentialLookup(store);
    const before = lookup.bySecret(SECRET);
    // The credential is revoked meanwhile and the change broadcast: what was read may be stale.
    lookup.invalidate();
    store.set(null);
    const after = lookup.bySecret(SECRET);
    expect(store.lookups).toBe(2);
    // The newer lookup answers first, then the stale one: it must not overwrite the newer answer.
    store.release();
    await expect(after).resolves.toBeNull();
    await expect(before).resolves.toMatchObject({ principal: { id: 'agent-1' } });
    // The stale answer was not cached: a later request reads the store again and finds nothing.
    const later = lookup.bySecret(SECRET);
    store.release();
    await expect(later).resolves.toBeNull();
    expect(store.lookups).toBe(2);
  });

  it('shares a failed lookup with the requests that waited on it, and tries again on the next', async () => {
    const store = new GatedCredentials(null);
    jest.spyOn(store, 'findLiveByHash').mockRejectedValueOnce(new Error('database down'));
    const lookup = new CredentialLookup(store);
    const answers = await Promise.allSettled([lookup.bySecret(SECRET), lookup.bySecret(SECRET)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    const next = lookup.bySecret(SECRET);
    store.release();
    await expect(next).resolves.toBeNull();
  });
});
