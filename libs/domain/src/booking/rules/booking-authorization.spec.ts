import { authorizationProblem, exceedsBookingLimit } from './booking-authorization';

const auth = {
  agentId: 'a1',
  travelerSub: 'trav',
  travelerIss: 'https://idp.example' as string | null,
  maxAmount: { amount: 50000, currency: 'EUR' },
  usedAt: null,
  claimedByHoldId: null,
  expired: false,
};
const use = { agentId: 'a1', travelerSub: 'trav', travelerIss: 'https://idp.example', total: { amount: 40000, currency: 'EUR' }, holdId: 'h1' };

describe('booking limits and authorizations', () => {
  it('needs an authorization only above the limit (or with a limit in another currency)', () => {
    expect(exceedsBookingLimit({ amount: 100, currency: 'EUR' }, null)).toBe(false);
    expect(exceedsBookingLimit({ amount: 100, currency: 'EUR' }, { amount: 100, currency: 'EUR' })).toBe(false);
    expect(exceedsBookingLimit({ amount: 101, currency: 'EUR' }, { amount: 100, currency: 'EUR' })).toBe(true);
    expect(exceedsBookingLimit({ amount: 1, currency: 'EUR' }, { amount: 100, currency: 'USD' })).toBe(true);
  });

  it('accepts a matching authorization and names the first problem otherwise', () => {
    expect(authorizationProblem(auth, use)).toBeNull();
    expect(authorizationProblem({ ...auth, travelerSub: null }, use)).toBeNull();
    expect(authorizationProblem({ ...auth, claimedByHoldId: 'h1' }, use)).toBeNull();
    expect(authorizationProblem({ ...auth, agentId: 'a2' }, use)).toBe('other_agent');
    expect(authorizationProblem({ ...auth, usedAt: new Date() }, use)).toBe('used');
    expect(authorizationProblem({ ...auth, claimedByHoldId: 'h2' }, use)).toBe('used');
    expect(authorizationProblem({ ...auth, expired: true }, use)).toBe('expired');
    expect(authorizationProblem({ ...auth, travelerSub: 'someone' }, use)).toBe('other_traveler');
    // The same sub from another issuer is another traveler.
    expect(authorizationProblem(auth, { ...use, travelerIss: 'https://evil.example' })).toBe('other_traveler');
    expect(authorizationProblem({ ...auth, travelerIss: null }, { ...use, travelerIss: 'https://other.example' })).toBeNull();
    expect(authorizationProblem({ ...auth, maxAmount: { amount: 39999, currency: 'EUR' } }, use)).toBe('amount_too_small');
    expect(authorizationProblem({ ...auth, maxAmount: { amount: 99999, currency: 'USD' } }, use)).toBe('amount_too_small');
  });
});
