import type { BeginConversion } from '@hcs/domain';
import { AGENT, eur, TENANT, TRAVELER } from '../../../../domain/src/testing/chain-fixtures';
import { SqlParams } from '../sql-params';
import { attemptRecorded, authorizationClaimed, beginKeys, clientReferenceClaimed, delegationSpent, holdConverting } from './begin-fragments';

const plan = (overrides: Partial<BeginConversion> = {}): BeginConversion => ({
  attempt: {
    tenantId: TENANT,
    holdId: 'hold-1',
    idempotencyKey: 'key-1',
    amount: eur(20000),
    method: 'card',
    providerToken: 'tok_visa',
    billingCountry: 'FR',
    bookingRequest: {
      guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+33 1 00 00 00 00' } },
      traveler: TRAVELER,
      agent: { principal_id: AGENT, kind: 'agent', booking_limit: null },
    },
  },
  from: ['held'],
  to: 'converting',
  authorizationId: null,
  delegationUse: null,
  clientReference: null,
  ...overrides,
});

describe('the begin statement’s fragments', () => {
  it('share tenant, hold and Idempotency-Key', () => {
    const p = new SqlParams();
    beginKeys(p, plan());
    expect(p.values).toEqual([TENANT, 'hold-1', 'key-1']);
  });

  it('takes a live hold from the plan’s states to converting under the key', () => {
    const p = new SqlParams();
    const h = holdConverting(p, beginKeys(p, plan()), plan());
    expect(h.name).toBe('h');
    expect(h.body).toContain('expires_at > now()');
    expect(p.values).toEqual(expect.arrayContaining(['converting', ['held']]));
  });

  it('claims the authorization for the hold, or refuses the statement with authorization_taken', () => {
    const p = new SqlParams();
    const [au, claimed] = authorizationClaimed(p, beginKeys(p, plan()), plan({ authorizationId: 'auth-1' }));
    expect([au.name, claimed.name]).toEqual(['au', 'claimed']);
    expect(au.body).toContain('EXISTS (SELECT 1 FROM h)');
    expect(claimed.body).toContain("'authorization_taken'");
    expect(p.values).toContain('auth-1');
  });

  it('spends the delegation’s jti, or refuses the statement with delegation_spent; none without a jti', () => {
    const p = new SqlParams();
    const use = { iss: TRAVELER.iss, jti: 'jti-1', expiresAt: new Date(0), principalId: AGENT };
    const [jti, spent] = delegationSpent(p, beginKeys(p, plan()), plan({ delegationUse: use }));
    expect([jti.name, spent.name]).toEqual(['jti', 'spent']);
    expect(jti.body).toContain('FROM h WHERE');
    expect(spent.body).toContain("'delegation_spent'");
    expect(p.values).toEqual(expect.arrayContaining(['jti-1', TRAVELER.iss, AGENT]));
    const none = new SqlParams();
    delegationSpent(none, beginKeys(none, plan()), plan());
    expect(none.values.slice(3)).toEqual([null, null, null, null]);
  });

  it('records the attempt once every claim is made, with what the worker needs to finish it', () => {
    const p = new SqlParams();
    const att = attemptRecorded(p, beginKeys(p, plan()), plan());
    expect(att.name).toBe('att');
    expect(att.body).toContain('FROM claimed, spent');
    expect(att.body).toContain('ON CONFLICT (tenant_id, hold_id, idempotency_key) DO UPDATE');
    expect(p.values).toEqual(expect.arrayContaining([20000, 'EUR', 'card', 'tok_visa', 'FR', JSON.stringify(plan().attempt.bookingRequest)]));
  });

  it('claims the client_reference for the attempt, or refuses the statement with client_reference_taken', () => {
    const p = new SqlParams();
    const [ref, referenced] = clientReferenceClaimed(p, beginKeys(p, plan()), plan({ clientReference: { agentId: AGENT, value: 'trip-1' } }));
    expect([ref.name, referenced.name]).toEqual(['ref', 'referenced']);
    expect(ref.body).toContain('FROM att WHERE');
    expect(referenced.body).toContain("'client_reference_taken'");
    expect(p.values).toEqual(expect.arrayContaining(['trip-1', AGENT]));
  });
});
