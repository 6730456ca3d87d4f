import { randomUUID } from 'node:crypto';
import { ChannelConnectionRepository, ChannelDeliveryRepository, OutboxRelayStore, type NewChannelConnection } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

describe('channel connections and deliveries (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let connections: ChannelConnectionRepository;
  let deliveries: ChannelDeliveryRepository;
  let relay: OutboxRelayStore;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    connections = tier.get(ChannelConnectionRepository);
    deliveries = tier.get(ChannelDeliveryRepository);
    relay = tier.get(OutboxRelayStore);
    chain = await seedChain(tier);
  });
  afterAll(() => tier.close());

  const connection = (overrides: Partial<NewChannelConnection> = {}): NewChannelConnection => ({
    id: randomUUID(),
    tenantId: chain.tenantId,
    propertyId: chain.property.id,
    url: 'https://cm.example/ota',
    authType: 'basic',
    authUsername: 'cm',
    sealedSecret: `sealed-${randomUUID()}`,
    ...overrides,
  });
  const publish = async (type: string, payload: Record<string, unknown>) =>
    (
      await tier.query<{ id: string }>(
        `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload) VALUES ($1, $2, 'booking', $3, $4) RETURNING id`,
        [chain.tenantId, type, payload.booking_id ?? randomUUID(), JSON.stringify(payload)],
      )
    )[0].id;
  /** Claims until the event is claimed (earlier specs' events may be unrelayed in the same database). */
  const relayed = async (eventId: string) => {
    const refs = [];
    for (let i = 0; i < 50; i++) {
      const batch = await relay.claimBatch(200);
      refs.push(...batch.refs);
      const rest = batch.eventIds.filter((id) => !batch.relayedIds.includes(id));
      if (rest.length > 0) await relay.markRelayed(rest);
      if (batch.eventIds.includes(eventId) || batch.eventIds.length === 0) break;
    }
    return refs;
  };

  it('creates a connection on a property of its tenant only, finds, pages and deletes it', async () => {
    const first = await connections.create(connection());
    expect(first).toMatchObject({ tenantId: chain.tenantId, propertyId: chain.property.id, authType: 'basic', authUsername: 'cm' });
    expect(first).not.toHaveProperty('sealedSecret');
    const second = await connections.create(connection({ authType: 'bearer', authUsername: null }));
    await expect(connections.create(connection({ tenantId: (await seedChain(tier)).tenantId }))).resolves.toBeNull();

    await expect(connections.findById(chain.tenantId, first!.id)).resolves.toEqual(first);
    await expect(connections.findById(randomUUID(), first!.id)).resolves.toBeNull();
    const [head] = await connections.list(chain.tenantId, null, 1);
    const rest = await connections.list(chain.tenantId, { createdAt: head.createdAt, id: head.id }, 100);
    expect([head, ...rest].map((c) => c.id)).toEqual(expect.arrayContaining([first!.id, second!.id]));
    expect(rest.map((c) => c.id)).not.toContain(head.id);

    await expect(connections.delete(chain.tenantId, second!.id)).resolves.toBe(true);
    await expect(connections.delete(chain.tenantId, second!.id)).resolves.toBe(false);
  });

  it('the relay makes one delivery per connection of the booking property for booking events only; claim, attempt, acknowledge, restart', async () => {
    const c = (await connections.create(connection()))!;
    const bookingId = randomUUID();
    const confirmed = await publish('booking.confirmed', { booking_id: bookingId, property_id: chain.property.id });
    await publish('booking.confirmed', { booking_id: randomUUID(), property_id: randomUUID() });
    await publish('refund.issued', { refund_id: randomUUID(), booking_id: bookingId, property_id: chain.property.id });
    const refs = (await relayed(confirmed)).filter((r) => r.target === 'channel' && r.tenantId === chain.tenantId);
    const mine = await deliveries.listForConnection(chain.tenantId, c.id, { after: null, limit: 10 });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ eventId: confirmed, eventType: 'booking.confirmed', bookingId, state: 'pending', chain: 1, attempt: 0, attempts: [] });
    expect(refs.filter((r) => r.deliveryId === mine[0].id)).toEqual([
      { tenantId: chain.tenantId, deliveryId: mine[0].id, chain: 1, attempt: 1, target: 'channel' },
    ]);

    const ref = { tenantId: chain.tenantId, deliveryId: mine[0].id, chain: 1, attempt: 1, target: 'channel' as const };
    const claimed = await deliveries.claim(ref);
    expect(claimed?.connection).toMatchObject({ id: c.id, url: 'https://cm.example/ota', authType: 'basic', authUsername: 'cm' });
    expect(claimed?.event).toMatchObject({ id: confirmed, type: 'booking.confirmed', payload: { booking_id: bookingId } });
    // The event's read names no room type nor rate plan: the codes are unknown and the attempt cannot be made.
    expect(claimed?.codes).toBeNull();
    await expect(deliveries.claim({ ...ref, attempt: 2 })).resolves.toBeNull();

    const at = new Date();
    const failed = {
      ref,
      attempt: { at, status: 500, durationMs: 12, error: 'HTTP 500 from the receiver' },
      state: 'dead' as const,
      nextAttemptAt: null,
      acknowledgedId: null,
    };
    await expect(deliveries.finishAttempt(failed)).resolves.toEqual({ recorded: true, confirmed: false });
    await expect(deliveries.finishAttempt(failed)).resolves.toEqual({ recorded: false, confirmed: false });
    const dead = await deliveries.findById(chain.tenantId, ref.deliveryId);
    expect(dead).toMatchObject({
      state: 'dead',
      lastStatus: 500,
      lastError: 'HTTP 500 from the receiver',
      attempts: [{ chain: 1, attempt: 1, at, status: 500, durationMs: 12, error: 'HTTP 500 from the receiver' }],
    });

    const restarted = await deliveries.restart(chain.tenantId, ref.deliveryId);
    expect(restarted).toMatchObject({ state: 'pending', chain: 2, attempt: 0 });
    await expect(deliveries.restart(chain.tenantId, ref.deliveryId)).resolves.toBeNull();
    const second = { ...ref, chain: 2 };
    expect(await deliveries.claim(second)).not.toBeNull();
    // No booking row behind this event: the number stays on the delivery, no booking is confirmed.
    await expect(
      deliveries.finishAttempt({
        ref: second,
        attempt: { at: new Date(), status: 200, durationMs: 3, error: null },
        state: 'succeeded',
        nextAttemptAt: null,
        acknowledgedId: 'PMS-7',
      }),
    ).resolves.toEqual({ recorded: true, confirmed: false });
    const done = await deliveries.findById(chain.tenantId, ref.deliveryId);
    expect(done).toMatchObject({ state: 'succeeded', acknowledgedId: 'PMS-7' });
    expect(done?.attempts.map((a) => [a.chain, a.attempt, a.status])).toEqual([
      [1, 1, 500],
      [2, 1, 200],
    ]);
    await expect(deliveries.findById(randomUUID(), ref.deliveryId)).resolves.toBeNull();
  });

  it('claims with the codes of the property, room type and rate plan the booking read names', async () => {
    const c = (await connections.create(connection()))!;
    const payload = { booking_id: randomUUID(), property_id: chain.property.id, room_type_id: chain.roomType.id, rate_plan_id: chain.ratePlan.id };
    const eventId = await publish('booking.modified', payload);
    await relayed(eventId);
    const [d] = await deliveries.listForConnection(chain.tenantId, c.id, { after: null, limit: 10 });
    const claimed = await deliveries.claim({ tenantId: chain.tenantId, deliveryId: d.id, chain: 1, attempt: 1 });
    expect(claimed?.codes).toEqual({ hotelCode: chain.property.slug, roomTypeCode: chain.roomType.code, ratePlanCode: chain.ratePlan.code });
  });

  it('lists a pending delivery past due as stranded, with its next attempt', async () => {
    const c = (await connections.create(connection()))!;
    const eventId = await publish('booking.cancelled', { booking_id: randomUUID(), property_id: chain.property.id });
    await relayed(eventId);
    const [d] = await deliveries.listForConnection(chain.tenantId, c.id, { after: null, limit: 10 });
    await tier.query(`UPDATE channel_deliveries SET next_attempt_at = now() - interval '1 minute' WHERE tenant_id = $1 AND id = $2`, [chain.tenantId, d.id]);
    const stranded = await deliveries.listStranded(15, 500);
    expect(stranded).toContainEqual({ tenantId: chain.tenantId, deliveryId: d.id, chain: 1, attempt: 1, target: 'channel' });
  });
});
