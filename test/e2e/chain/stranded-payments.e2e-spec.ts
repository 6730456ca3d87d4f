import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RecoverStrandedPayments } from '@hcs/domain';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  GUEST,
  inventoryOf,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * An api process that dies mid-payment leaves its hold `converting` and its attempt `pending`.
 * These tests build exactly that state in the database (no process is working on it) and let the
 * worker's sweep finish it.
 */
describe('payments stranded by a crashed api process', () => {
  let t: TestApp;
  let db: DataSource;
  let tenantId: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;

  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: '500' });
    db = t.app.get(DataSource);
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
    traveler = await travelerDelegation(t.app, tenantId, 'traveler-crash');
  });
  afterAll(() => t.close());

  /** quote -> hold, then the state a process leaves when it dies after `begin` (tx1). */
  async function strandedAttempt(start: number, token: string) {
    const { holdId, quoteId, total } = await quoteAndHold(t, agent, catalog, { start });
    const key = `crash-${randomUUID()}`;
    await db.query(`UPDATE holds SET state = 'converting', converting_key = $2 WHERE id = $1`, [holdId, key]);
    const [attempt] = await db.query(
      `INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, provider_token_fingerprint, billing_country, state, booking_request, started_at)
       VALUES ($1, $2, $3, $4, $5, 'card', $6, encode(sha256(convert_to($6, 'UTF8')), 'hex'), 'GB', 'pending', $7, now() - interval '10 minutes') RETURNING id`,
      [
        tenantId,
        holdId,
        key,
        total.amount,
        total.currency,
        token,
        JSON.stringify({
          guest: GUEST,
          traveler: { iss: 'urn:hcs:demo-issuer', sub: 'traveler-crash' },
          agent: { principal_id: agent.agentId, kind: 'agent', booking_limit: null },
        }),
      ],
    );
    return { holdId, quoteId, key, attemptId: attempt.id as string, total, token };
  }

  const charges = async (attemptId: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM sandbox_charges WHERE idempotency_key = $1`, [attemptId]))[0].n);

  it('confirms a booking whose process died before the provider call, charging once', async () => {
    const s = await strandedAttempt(20, 'tok_visa');
    const counts = await t.app.get(RecoverStrandedPayments).sweep();
    expect(counts.confirmed).toBeGreaterThanOrEqual(1);

    const [hold] = await db.query(`SELECT state FROM holds WHERE id = $1`, [s.holdId]);
    expect(hold.state).toBe('converted');
    const bookings = await db.query(`SELECT id, idempotency_key FROM bookings WHERE hold_id = $1`, [s.holdId]);
    expect(bookings).toHaveLength(1);
    expect(await charges(s.attemptId)).toBe(1);
    const nights = (await inventoryOf(t.app, catalog.roomTypeId)).filter((n) => n.night >= daysFromToday(20) && n.night < daysFromToday(22));
    expect(nights.map((n) => [n.held, n.sold])).toEqual([
      [0, 1],
      [0, 1],
    ]);

    // The agent's replay with the same key gets that booking; nothing is charged again.
    const replay = await t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', s.key)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: s.holdId, quote_id: s.quoteId, guest: GUEST, payment: CARD('tok_visa') });
    expect(replay.status).toBe(201);
    expect(replay.body.data).toMatchObject({ booking_id: bookings[0].id, state: 'confirmed' });
    expect(await charges(s.attemptId)).toBe(1);
  });

  it('does not charge twice when the process died after the provider charged', async () => {
    const s = await strandedAttempt(24, 'tok_mastercard');
    await db.query(
      `INSERT INTO sandbox_charges (tenant_id, idempotency_key, charge_id, amount, currency, token_fingerprint, state, completed_at)
       VALUES ($1, $2, $3, $4, $5, encode(sha256(convert_to($6, 'UTF8')), 'hex'), 'succeeded', now())`,
      [tenantId, s.attemptId, `ch_sandbox_${randomUUID().replace(/-/g, '')}`, s.total.amount, s.total.currency, s.token],
    );
    await t.app.get(RecoverStrandedPayments).sweep();
    const [booking] = await db.query(`SELECT b.id, p.amount FROM bookings b JOIN payments p ON p.booking_id = b.id WHERE b.hold_id = $1`, [s.holdId]);
    expect(Number(booking.amount)).toBe(s.total.amount);
    expect(await charges(s.attemptId)).toBe(1);
  });

  it('gives the hold back when the resumed charge is declined, and leaves live attempts alone', async () => {
    const declined = await strandedAttempt(28, 'tok_chargeDeclined');
    const live = await strandedAttempt(32, 'tok_visa');
    await db.query(`UPDATE payment_attempts SET started_at = now() WHERE id = $1`, [live.attemptId]);

    await t.app.get(RecoverStrandedPayments).sweep();
    const states = await db.query(`SELECT id, state FROM holds WHERE id = ANY($1) ORDER BY id`, [[declined.holdId, live.holdId]]);
    expect(Object.fromEntries(states.map((h: { id: string; state: string }) => [h.id, h.state]))).toEqual({
      [declined.holdId]: 'held',
      [live.holdId]: 'converting',
    });
    const [attempt] = await db.query(`SELECT state FROM payment_attempts WHERE id = $1`, [declined.attemptId]);
    expect(attempt.state).toBe('declined');
    expect(await charges(live.attemptId)).toBe(0);
  });
});
