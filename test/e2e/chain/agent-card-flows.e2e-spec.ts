import type { Response } from 'supertest';
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
import { startTestApp, TestApp } from '../../support/test-app';

interface Capability {
  id: string;
  method: string;
  href: string;
  idempotent: boolean;
  next_rel: string | null;
}
interface Step {
  capability: string;
  method: string;
  href: string;
  description: string;
}
/** supertest's answer: the body is the JSON envelope. */
type Answer = Response;

/**
 * An agent that knows only the agent card walks its flows. Each answer must point where the card
 * says (`next_rel`): for the booking chain the first next action is that rel; for every capability
 * the rel is among the answer's next actions (null: none).
 */
describe('agent card flows, followed against the served routes', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let card: { capabilities: Capability[]; flows: Array<{ id: string; steps: Step[] }> };
  const seen = new Map<string, Answer>();

  beforeAll(async () => {
    t = await startTestApp({});
    const tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { freeHours: 48, feePct: 50 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-flows');
    card = (await t.http().get('/.well-known/agent-card.json')).body;
  });
  afterAll(() => t.close());

  const capability = (id: string) => {
    const found = card.capabilities.find((c) => c.id === id);
    if (!found) throw new Error(`capability ${id} is not in the agent card`);
    return found;
  };
  const steps = (flowId: string) => card.flows.find((f) => f.id === flowId)!.steps;

  /** Calls a capability as the card describes it and checks the answer against its next_rel. */
  async function call(id: string, ids: Record<string, string>, body?: object, headers: Record<string, string> = {}): Promise<Answer> {
    const c = capability(id);
    // ids['?'] is the query string of a GET (find_booking's client_reference)
    const path = c.href.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]) + (ids['?'] ? `?${ids['?']}` : '');
    let req =
      c.method === 'GET'
        ? t.http().get(path)
        : t
            .http()
            .post(path)
            .send(body ?? {});
    req = req.set('authorization', `Bearer ${agent.apiKey}`);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const res: Answer = await req;
    if (res.status >= 300) throw new Error(`${c.method} ${path} (${id}) answered ${res.status}: ${JSON.stringify(res.body)}`);
    const rels = (res.body.next_actions as Array<{ rel: string }>).map((a) => a.rel);
    if (c.next_rel === null) expect({ id, rels }).toEqual({ id, rels: [] });
    else expect({ id, rels }).toEqual({ id, rels: expect.arrayContaining([c.next_rel]) });
    seen.set(id, res);
    return res;
  }

  it('book_a_room: search, property, quote, hold, booking, read', async () => {
    expect(steps('book_a_room').map((s) => s.capability)).toEqual([
      'search',
      'get_property',
      'create_quote',
      'create_hold',
      'confirm_booking',
      'find_booking',
      'get_booking',
    ]);
    expect(steps('book_a_room').find((s) => s.capability === 'find_booking')!.description).toMatch(/timeout.*client_reference.*before retrying/);
    const stay = { check_in: daysFromToday(30), check_out: daysFromToday(32) };
    const search = await call('search', {}, { destination: { type: 'property', value: catalog.propertyId }, stay, guests: { adults: 2 } });
    const quoteHint = search.body.next_actions.find((a: { rel: string }) => a.rel === 'quote').body_hint;
    await call('get_property', { id: catalog.propertyId });
    // The free-cancellation plan, so that the cancel flow below refunds something.
    const quote = await call('create_quote', {}, { ...quoteHint, rate_plan_id: catalog.freePlanId });
    const hold = await call('create_hold', {}, { quote_id: quote.body.data.quote_id }, { 'idempotency-key': `flow-hold-${quote.body.data.quote_id}` });
    const confirmHint = hold.body.next_actions[0].body_hint!;
    const booking = await call(
      'confirm_booking',
      {},
      { ...confirmHint, guest: GUEST, payment: CARD(), client_reference: `flow-${hold.body.data.hold_id}` },
      { 'idempotency-key': `flow-book-${hold.body.data.hold_id}`, [DELEGATION_HEADER]: traveler },
    );
    expect(booking.body.receipt).toBeDefined();
    // the recovery step: what the client_reference became
    const found = await call('find_booking', { '?': `client_reference=flow-${hold.body.data.hold_id}` });
    expect(found.body.data).toMatchObject({ state: 'confirmed', booking: { booking_id: booking.body.data.booking_id } });
    await call('get_booking', { id: booking.body.data.booking_id });
  });

  it('cancel_with_refund: read, preview, cancel, refund, verify the receipt', async () => {
    expect(steps('cancel_with_refund').map((s) => s.capability)).toEqual([
      'get_booking',
      'preview_cancellation',
      'cancel_booking',
      'get_refund',
      'verify_receipt',
    ]);
    const bookingId = seen.get('confirm_booking')!.body.data.booking_id as string;
    await call('get_booking', { id: bookingId });
    const preview = await call('preview_cancellation', { id: bookingId }, undefined, { [DELEGATION_HEADER]: traveler });
    const cancelled = await call('cancel_booking', { id: bookingId }, { reason: 'plans changed' }, { [DELEGATION_HEADER]: traveler });
    const refundId = cancelled.body.data.cancellation.refund_id as string;
    expect(cancelled.body.data.cancellation).toMatchObject({ fee: preview.body.data.fee, refund: preview.body.data.refund });
    expect(cancelled.body.next_actions.map((a: { rel: string }) => a.rel)).toContain('get_refund');
    const refund = await call('get_refund', { id: refundId });
    const verdict = await call('verify_receipt', {}, { receipt: refund.body.receipt });
    expect(verdict.body.data).toEqual({ valid: true });
    await call('get_booking_audit', { id: bookingId });
  });

  it('release_hold points to a requote', async () => {
    const quote = seen.get('create_quote')!.body.data;
    const again = await call(
      'create_quote',
      {},
      { hotel_id: quote.hotel_id, room_type_id: quote.room_type_id, rate_plan_id: quote.rate_plan_id, stay: quote.stay, guests: quote.guests },
    );
    const hold = await call('create_hold', {}, { quote_id: again.body.data.quote_id });
    await call('release_hold', { id: hold.body.data.hold_id });
  });

  it("every chain answer's first next action is the capability's next_rel", () => {
    const chain = [
      'create_quote',
      'create_hold',
      'release_hold',
      'confirm_booking',
      'find_booking',
      'get_booking',
      'cancel_booking',
      'get_booking_audit',
      'get_refund',
      'verify_receipt',
      'preview_cancellation',
    ];
    for (const id of chain) {
      const answer = seen.get(id);
      expect({ id, called: answer !== undefined }).toEqual({ id, called: true });
      expect({ id, first: answer!.body.next_actions[0]?.rel ?? null }).toEqual({ id, first: capability(id).next_rel });
    }
  });
});
