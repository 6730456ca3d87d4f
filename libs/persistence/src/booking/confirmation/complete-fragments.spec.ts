import type { CompleteConversion } from '@hcs/domain';
import { booking, eur, TRAVELER } from '../../../../domain/src/testing/chain-fixtures';
import { SqlParams } from '../sql-params';
import {
  attemptSucceeded,
  auditAppended,
  authorizationUsed,
  bookingWritten,
  clientReferenceConfirmed,
  completeKeys,
  followUpsScheduled,
  holdConverted,
  idempotencyRecordSealed,
  outboxWritten,
  paymentCaptured,
  roomsSold,
} from './complete-fragments';
import { withCtes } from './cte';

const b = booking({ idempotencyKey: 'key-1' });
const plan = (overrides: Partial<CompleteConversion> = {}): CompleteConversion => ({
  tenantId: b.tenantId,
  holdId: b.holdId,
  idempotencyKey: 'key-1',
  from: ['converting'],
  to: 'converted',
  roomTypeId: b.roomTypeId,
  nights: ['2099-05-10', '2099-05-11'],
  units: 1,
  attemptId: 'attempt-1',
  providerReference: 'ch_1',
  booking: b,
  payment: {
    id: 'pay-1',
    tenantId: b.tenantId,
    bookingId: b.id,
    amount: eur(20000),
    refunded: eur(0),
    state: 'captured',
    providerReference: 'ch_1',
    capturedAt: new Date(0),
    attemptId: 'attempt-1',
  },
  audit: [{ type: 'booking.confirmed', actor: { kind: 'agent', id: b.agentId }, traveler: TRAVELER, traceId: 't', data: {} }],
  followUps: [],
  outbox: [{ type: 'booking.confirmed', aggregateType: 'booking', aggregateId: b.id, payload: { id: b.id }, traceId: 't', auditIndex: 0 }],
  idempotency: null,
  ...overrides,
});

/** The placeholder's value in `p` (`$3::uuid` -> values[2]). */
const valueOf = (p: SqlParams, placeholder: string) => p.values[Number(/\$(\d+)/.exec(placeholder)![1]) - 1];

describe('the complete statement’s fragments', () => {
  it('share the keys of one statement: tenant, hold, booking, quote and attempt', () => {
    const p = new SqlParams();
    const k = completeKeys(p, plan());
    expect([k.tenant, k.hold, k.booking, k.quote, k.attempt].map((x) => valueOf(p, x))).toEqual([b.tenantId, b.holdId, b.id, b.quoteId, 'attempt-1']);
  });

  it('converts the hold only from the plan’s states and under its key', () => {
    const p = new SqlParams();
    const cte = holdConverted(p, completeKeys(p, plan()), plan());
    expect(cte.name).toBe('h');
    expect(cte.body).toMatch(/^UPDATE holds SET state = \$\d+::text, converting_key = NULL/);
    expect(p.values).toEqual(expect.arrayContaining(['converted', ['converting'], 'key-1']));
  });

  it('sells every night and refuses a count short of the nights', () => {
    const p = new SqlParams();
    const [inv, sold] = roomsSold(p, completeKeys(p, plan({ units: 3 })), plan({ units: 3 }));
    expect([inv.name, sold.name]).toEqual(['inv', 'sold']);
    // The hold's units move on every night, as one parameter.
    expect(inv.body).toMatch(/held = held - (\$\d+)::int, sold = sold \+ \1::int/);
    expect(inv.body).toMatch(/held >= \$\d+::int/);
    expect(p.values).toContain(3);
    expect(inv.body).toContain('EXISTS (SELECT 1 FROM h)');
    expect(sold.body).toContain("'inventory_out_of_step'");
    expect(p.values).toEqual(expect.arrayContaining([['2099-05-10', '2099-05-11'], 2]));
  });

  it('settles the attempt, drops its card token, and uses the claimed authorization, once the nights are sold', () => {
    const p = new SqlParams();
    const k = completeKeys(p, plan());
    const att = attemptSucceeded(p, k, plan());
    expect(att.name).toBe('att');
    expect(att.body).toContain('provider_token = NULL');
    expect(att.body).toContain('EXISTS (SELECT 1 FROM sold)');
    const au = authorizationUsed(k);
    expect(au.name).toBe('au');
    expect(au.body).toContain(`booking_id = ${k.booking}`);
    expect(au.body).toContain('EXISTS (SELECT 1 FROM sold)');
  });

  it('writes the booking as decided, after the sale, and the payment and client_reference after the booking', () => {
    const p = new SqlParams();
    const k = completeKeys(p, plan());
    const bk = bookingWritten(p, k, plan());
    expect(bk.name).toBe('bk');
    expect(bk.body).toContain('FROM sold');
    expect(p.values).toEqual(expect.arrayContaining([b.agentId, b.propertyId, b.ratePlanId, b.createdAt, 'key-1']));
    expect(clientReferenceConfirmed(k)).toMatchObject({ name: 'cr', body: expect.stringContaining('FROM bk') });
    const pay = paymentCaptured(p, k, plan());
    expect(pay).toMatchObject({ name: 'pay', body: expect.stringContaining('FROM bk') });
    expect(p.values).toEqual(expect.arrayContaining(['pay-1', 20000, 'EUR', 'captured', 'ch_1']));
  });

  it('seals the idempotency record only when the plan carries one, and only with the booking', () => {
    expect(idempotencyRecordSealed(new SqlParams(), plan())).toEqual([]);
    const p = new SqlParams();
    const scope = { tenantId: b.tenantId, principalId: b.agentId, route: 'POST /v1/bookings', key: 'key-1' };
    const [idem] = idempotencyRecordSealed(p, plan({ idempotency: { scope, response: { status: 201, body: { data: 1 } } } }));
    expect(idem.name).toBe('idem');
    expect(idem.body).toContain('EXISTS (SELECT 1 FROM bk)');
    expect(p.values).toEqual([201, '{"data":1}', b.tenantId, b.agentId, 'POST /v1/bookings', 'key-1']);
  });

  it('schedules follow-ups, appends the audit entries and writes the outbox from the booking; empty lists write nothing', () => {
    const p = new SqlParams();
    const k = completeKeys(p, plan());
    expect(followUpsScheduled(p, k, plan())).toEqual({ name: 'fu', body: 'SELECT 1' });
    expect(outboxWritten(p, k, plan({ outbox: [] }))).toEqual({ name: 'ob', body: 'SELECT 1' });
    const followUp = {
      id: 'fu-1',
      kind: 'pre_arrival',
      channel: 'email' as const,
      origin: 'automatic',
      sendAt: new Date(0),
      createdBy: { kind: 'system', id: 'x' },
    };
    const fu = followUpsScheduled(p, k, plan({ followUps: [followUp] as CompleteConversion['followUps'] }));
    expect(fu.body).toContain('FROM bk, (VALUES');
    expect(auditAppended(p, k, plan())).toMatchObject({ name: 'ev', body: expect.stringContaining('INSERT INTO audit_events') });
    const ob = outboxWritten(p, k, plan());
    expect(ob.body).toContain('earlier.n + v.position');
    expect(p.values).toEqual(expect.arrayContaining(['fu-1', 'booking.confirmed', 1]));
  });

  it('compose into one statement in the order given', () => {
    expect(
      withCtes(
        [
          { name: 'a', body: 'SELECT 1' },
          { name: 'b', body: 'SELECT * FROM a' },
        ],
        'SELECT * FROM b',
      ),
    ).toBe('WITH a AS (SELECT 1),\nb AS (SELECT * FROM a)\nSELECT * FROM b');
  });
});
