import request from 'supertest';
import { DataSource } from 'typeorm';
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
  travelerDelegation,
} from '../../support/chain-fixtures';
import { ApiProcess, eventually, startApiProcess } from '../../support/processes';
import { OwnRedis, ownRedis } from '../../support/redis-server';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A built api process dies (SIGKILL, through the test-only FAULT_EXIT_AFTER_CHARGE hook) after the
 * provider charged and before the booking committed. A fresh process answers the agent's replay
 * with the same Idempotency-Key: exactly one booking and one charge (docs/operations-faults.md).
 */
describe('api killed between the payment and the booking commit', () => {
  let setup: TestApp;
  let db: DataSource;
  let redis: OwnRedis;
  let doomed: ApiProcess;
  let api: ApiProcess | undefined;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;

  beforeAll(async () => {
    setup = await startTestApp();
    db = setup.app.get(DataSource);
    const tenantId = (await createTenant(setup.app)).tenantId;
    agent = await createChainAgent(setup.app, tenantId);
    catalog = await createChainCatalog(setup.app, tenantId);
    traveler = await travelerDelegation(setup.app, tenantId, 'traveler-crash-replay');
    redis = await ownRedis();
  }, 60_000);
  afterAll(async () => {
    await doomed?.stop();
    await api?.stop();
    await redis?.stop();
    await setup?.close();
  });

  const env = () => ({ REDIS_URL: redis.url, LOG_LEVEL: 'silent', DELEGATION_AUDIENCE: setup.config.delegationAudience, PAYMENT_TIMEOUT_MS: '3000' });
  const as = (req: request.Test) => req.set('authorization', `Bearer ${agent.apiKey}`).timeout(20_000);

  it('books exactly once, charging once, when the replay reaches a new process', async () => {
    doomed = await startApiProcess({ ...env(), FAULT_EXIT_AFTER_CHARGE: 'true' });
    const q = await as(request(doomed.baseUrl).post('/v1/quotes')).send({
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay: { check_in: daysFromToday(70), check_out: daysFromToday(72) },
      guests: { adults: 2 },
    });
    const h = await as(request(doomed.baseUrl).post('/v1/holds')).send({ quote_id: q.body.data.quote_id });
    expect(h.status).toBe(201);
    const holdId = h.body.data.hold_id as string;
    const key = `crash-replay-${holdId}`;
    const book = (baseUrl: string) =>
      as(request(baseUrl).post('/v1/bookings'))
        .set('idempotency-key', key)
        .set(DELEGATION_HEADER, traveler)
        .send({ hold_id: holdId, quote_id: q.body.data.quote_id, guest: GUEST, payment: CARD('tok_visa') });

    // The process dies mid-request: the client sees the connection drop, not an answer.
    await expect(book(doomed.baseUrl)).rejects.toThrow(/socket hang up|ECONNRESET|ECONNREFUSED/);
    await doomed.stop();
    const [attempt] = await db.query(`SELECT id, state FROM payment_attempts WHERE hold_id = $1`, [holdId]);
    expect(attempt.state).toBe('pending');
    const charges = async () => (await db.query(`SELECT state FROM sandbox_charges WHERE idempotency_key = $1`, [attempt.id])) as Array<{ state: string }>;
    expect(await charges()).toEqual([{ state: 'succeeded' }]);
    expect(await db.query(`SELECT id FROM bookings WHERE hold_id = $1`, [holdId])).toEqual([]);
    expect((await db.query(`SELECT state FROM holds WHERE id = $1`, [holdId]))[0].state).toBe('converting');

    api = await startApiProcess(env());
    const first = await eventually(
      () => book(api!.baseUrl),
      (res) => res.status === 201,
      45_000,
      500,
    );
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ hold_id: holdId, state: 'confirmed' });
    const again = await book(api.baseUrl);
    expect(again.status).toBe(201);
    expect(again.body.data.booking_id).toBe(first.body.data.booking_id);

    expect(await db.query(`SELECT id FROM bookings WHERE hold_id = $1`, [holdId])).toEqual([{ id: first.body.data.booking_id }]);
    expect(await charges()).toEqual([{ state: 'succeeded' }]);
    const payments = await db.query(`SELECT count(*)::int AS n FROM payments WHERE booking_id = $1`, [first.body.data.booking_id]);
    expect(payments).toEqual([{ n: 1 }]);
    const nights = await db.query(`SELECT held, sold FROM inventory_nights WHERE room_type_id = $1 AND night >= $2 AND night < $3 ORDER BY night`, [
      catalog.roomTypeId,
      daysFromToday(70),
      daysFromToday(72),
    ]);
    expect(nights).toEqual([
      { held: 0, sold: 1 },
      { held: 0, sold: 1 },
    ]);
  }, 120_000);
});
