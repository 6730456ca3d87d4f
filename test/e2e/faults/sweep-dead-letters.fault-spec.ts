import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExpireHold, RecoverStrandedPayments, SWEEP_MAX_ATTEMPTS } from '@hcs/domain';
import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, GUEST, quoteAndHold } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A row a sweep cannot process (here: an inventory counter out of step with its hold, so giving
 * the rooms back fails) must not block the rows behind it: it is counted, retried on later sweeps
 * and dead-lettered after SWEEP_MAX_ATTEMPTS (docs/operations-faults.md).
 */
describe('sweeps with a bad row', () => {
  let t: TestApp;
  let db: DataSource;
  let tenantId: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_TIMEOUT_MS: '500' });
    db = t.app.get(DataSource);
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 5 });
  });
  afterAll(() => t.close());

  /** Breaks the hold's nights: `held` back to 0 while the hold still counts on them. */
  const corrupt = (start: number, nights = 2) =>
    db.query(`UPDATE inventory_nights SET held = 0 WHERE room_type_id = $1 AND night >= $2 AND night < $3`, [
      catalog.roomTypeId,
      daysFromToday(start),
      daysFromToday(start + nights),
    ]);

  it('expires the holds behind one that fails, and dead-letters that one after repeated failures', async () => {
    const bad = await quoteAndHold(t, agent, catalog, { start: 50 });
    const good = await quoteAndHold(t, agent, catalog, { start: 53 });
    // The bad hold is the oldest due one: first in the sweep's order.
    await db.query(`UPDATE holds SET expires_at = now() - interval '1 hour' WHERE id = $1`, [bad.holdId]);
    await db.query(`UPDATE holds SET expires_at = now() - interval '59 minutes' WHERE id = $1`, [good.holdId]);
    await corrupt(50);

    const first = await t.app.get(ExpireHold).sweep();
    expect(first.failed).toBeGreaterThanOrEqual(1);
    const row = async (id: string) =>
      (await db.query(`SELECT state, expiry_attempts, expiry_last_error, expiry_dead_lettered_at FROM holds WHERE id = $1`, [id]))[0];
    expect(await row(good.holdId)).toMatchObject({ state: 'expired', expiry_attempts: 0 });
    expect(await row(bad.holdId)).toEqual({
      state: 'held',
      expiry_attempts: 1,
      expiry_last_error: expect.stringContaining('inventory counter out of step'),
      expiry_dead_lettered_at: null,
    });

    for (let i = 1; i < SWEEP_MAX_ATTEMPTS; i++) await t.app.get(ExpireHold).sweep();
    expect(await row(bad.holdId)).toMatchObject({ state: 'held', expiry_attempts: SWEEP_MAX_ATTEMPTS, expiry_dead_lettered_at: expect.any(Date) });
    // Dead-lettered: later sweeps leave it alone.
    await t.app.get(ExpireHold).sweep();
    expect(await row(bad.holdId)).toMatchObject({ expiry_attempts: SWEEP_MAX_ATTEMPTS });
  });

  it('resumes the stranded payments behind one that fails, and dead-letters that one', async () => {
    const stranded = async (start: number, minutesAgo: number) => {
      const { holdId, total } = await quoteAndHold(t, agent, catalog, { start });
      const key = `crash-${randomUUID()}`;
      await db.query(`UPDATE holds SET state = 'converting', converting_key = $2 WHERE id = $1`, [holdId, key]);
      const [attempt] = await db.query(
        `INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, provider_token_fingerprint,
                                       billing_country, state, booking_request, started_at)
         VALUES ($1, $2, $3, $4, $5, 'card', 'tok_visa', encode(sha256('tok_visa'::bytea), 'hex'), 'GB', 'pending', $6, now() - make_interval(mins => $7))
         RETURNING id`,
        [
          tenantId,
          holdId,
          key,
          total.amount,
          total.currency,
          JSON.stringify({
            guest: GUEST,
            traveler: { iss: 'urn:hcs:demo-issuer', sub: 'traveler-sweep' },
            agent: { principal_id: agent.agentId, kind: 'agent', booking_limit: null },
          }),
          minutesAgo,
        ],
      );
      return { holdId, attemptId: attempt.id as string };
    };
    const bad = await stranded(60, 30);
    const good = await stranded(63, 20);
    await corrupt(60);

    const counts = await t.app.get(RecoverStrandedPayments).sweep();
    expect(counts.errored).toBeGreaterThanOrEqual(1);
    const [goodHold] = await db.query(`SELECT state FROM holds WHERE id = $1`, [good.holdId]);
    expect(goodHold.state).toBe('converted');
    const attempt = async (id: string) =>
      (await db.query(`SELECT recovery_attempts, recovery_last_error, recovery_dead_lettered_at FROM payment_attempts WHERE id = $1`, [id]))[0];
    expect(await attempt(bad.attemptId)).toEqual({
      recovery_attempts: 1,
      recovery_last_error: expect.stringContaining('inventory counter out of step'),
      recovery_dead_lettered_at: null,
    });
    for (let i = 1; i < SWEEP_MAX_ATTEMPTS; i++) await t.app.get(RecoverStrandedPayments).sweep();
    expect(await attempt(bad.attemptId)).toMatchObject({ recovery_attempts: SWEEP_MAX_ATTEMPTS, recovery_dead_lettered_at: expect.any(Date) });
    await t.app.get(RecoverStrandedPayments).sweep();
    expect(await attempt(bad.attemptId)).toMatchObject({ recovery_attempts: SWEEP_MAX_ATTEMPTS });
  });
});
