import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
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
import { callTool, connectMcp, Json } from '../../support/mcp-client';
import { startTestApp, TestApp } from '../../support/test-app';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const TRACE = /^[0-9a-f]{32}$/;

/**
 * The envelope with what legitimately differs between two runs masked: ids, trace ids, instants, the
 * payment provider's charge reference,
 * and the receipt's hash and signature (they sign those ids). Every other field must be equal.
 */
function normalize(value: Json, key = ''): Json {
  if (Array.isArray(value)) return value.map((item) => normalize(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, k)]));
  if (typeof value !== 'string') return value;
  if (['payload_hash', 'receipt_payload_hash', 'signature', 'idempotency_key', 'payment_reference', 'provider_reference'].includes(key)) return `<${key}>`;
  if (TRACE.test(value)) return '<trace>';
  if (TIMESTAMP.test(value)) return '<instant>';
  return value.replace(UUID, '<id>');
}

describe('REST and MCP answer the same envelopes', () => {
  let t: TestApp;
  let base: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let slug: string;
  let traveler: string;
  let client: Client;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 10 });
    [{ slug }] = await t.app.get(DataSource).query(`SELECT slug FROM properties WHERE id = $1`, [catalog.propertyId]);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'parity-traveler');
    client = await connectMcp(base, agent.apiKey);
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  const rest = (method: 'get' | 'post', path: string, body?: object, headers: Record<string, string> = {}) => {
    let req = t.http()[method](path).set('authorization', `Bearer ${agent.apiKey}`);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return (body ? req.send(body) : req).then((res) => res.body as Json);
  };
  const mcp = async (tool: string, args: Record<string, unknown>) => (await callTool(client, tool, args)).envelope;

  /** One scenario: search, property reads, quote, hold, booking, read, cancel, audit, receipt verification. */
  async function scenario(over: 'rest' | 'mcp'): Promise<Json[]> {
    const stay = { check_in: daysFromToday(40), check_out: daysFromToday(43) };
    const searchBody = { destination: { type: 'property', value: slug }, stay, guests: { adults: 2, children: [{ age: 7 }] } };
    const quoteBody = { hotel_id: catalog.propertyId, room_type_id: catalog.roomTypeId, rate_plan_id: catalog.freePlanId, stay, guests: { adults: 2 } };
    const envelopes: Json[] = [];
    const step = async (fn: () => Promise<Json>) => {
      const envelope = await fn();
      envelopes.push(envelope);
      return envelope;
    };
    const isRest = over === 'rest';
    await step(() => (isRest ? rest('post', '/v1/search', searchBody) : mcp('search', searchBody)));
    await step(() => (isRest ? rest('get', `/v1/properties/${catalog.propertyId}`) : mcp('get_property', { property_id: catalog.propertyId })));
    await step(() => (isRest ? rest('get', `/v1/properties/${slug}/full`) : mcp('get_property_full', { slug })));
    const quote = await step(() => (isRest ? rest('post', '/v1/quotes', quoteBody) : mcp('create_quote', quoteBody)));
    const holdBody = { quote_id: quote.data.quote_id };
    const hold = await step(() =>
      isRest
        ? rest('post', '/v1/holds', holdBody, { 'idempotency-key': `parity-hold-${over}` })
        : mcp('create_hold', { ...holdBody, idempotency_key: `parity-hold-${over}` }),
    );
    // a client_reference named by an id, so that the two runs compare equal once ids are masked
    const reference = `parity-${randomUUID()}`;
    const bookingBody = { hold_id: hold.data.hold_id, quote_id: quote.data.quote_id, guest: GUEST, payment: CARD(), client_reference: reference };
    const booking = await step(() =>
      isRest
        ? rest('post', '/v1/bookings', bookingBody, { 'idempotency-key': `parity-${over}`, [DELEGATION_HEADER]: traveler })
        : mcp('confirm_booking', { ...bookingBody, idempotency_key: `parity-${over}`, delegation_token: traveler }),
    );
    const id = booking.data.booking_id;
    // the same reference again, under another key: the booking already made, not a second one
    await step(() =>
      isRest
        ? rest('post', '/v1/bookings', bookingBody, { 'idempotency-key': `parity-again-${over}`, [DELEGATION_HEADER]: traveler })
        : mcp('confirm_booking', { ...bookingBody, idempotency_key: `parity-again-${over}`, delegation_token: traveler }),
    );
    await step(() => (isRest ? rest('get', `/v1/bookings?client_reference=${reference}`) : mcp('find_booking', { client_reference: reference })));
    await step(() => (isRest ? rest('get', `/v1/bookings/${id}`) : mcp('get_booking', { booking_id: id })));
    const cancel = await step(() =>
      isRest
        ? rest('post', `/v1/bookings/${id}/cancel`, { reason: 'parity' }, { [DELEGATION_HEADER]: traveler })
        : mcp('cancel_booking', { booking_id: id, reason: 'parity', delegation_token: traveler }),
    );
    await step(() => (isRest ? rest('get', `/v1/bookings/${id}/audit`) : mcp('get_booking_audit', { booking_id: id })));
    await step(() => (isRest ? rest('post', '/v1/receipts/verify', { receipt: cancel.receipt }) : mcp('verify_receipt', { receipt: cancel.receipt })));
    // Failures: a missing booking, a refused state and a body with several faults.
    await step(() =>
      isRest ? rest('get', '/v1/bookings/00000000-0000-4000-8000-000000000000') : mcp('get_booking', { booking_id: '00000000-0000-4000-8000-000000000000' }),
    );
    await step(() =>
      isRest
        ? rest('post', `/v1/bookings/${id}/cancel`, {}, { [DELEGATION_HEADER]: traveler })
        : mcp('cancel_booking', { booking_id: id, delegation_token: traveler }),
    );
    const unknownReference = `parity-unknown-${randomUUID()}`;
    await step(() => (isRest ? rest('get', `/v1/bookings?client_reference=${unknownReference}`) : mcp('find_booking', { client_reference: unknownReference })));
    const badQuote = { ...quoteBody, stay: { check_in: 'tomorrow' }, guests: { adults: 21, children: [{ age: -1 }] }, extra: true };
    await step(() => (isRest ? rest('post', '/v1/quotes', badQuote) : mcp('create_quote', badQuote)));
    return envelopes;
  }

  it('compares every envelope field by field (ids, trace ids and instants aside)', async () => {
    const overRest = await scenario('rest');
    const overMcp = await scenario('mcp');
    expect(overMcp.length).toBe(overRest.length);
    for (let i = 0; i < overRest.length; i++) expect(normalize(overMcp[i])).toEqual(normalize(overRest[i]));
    // The scenario really covered successes, receipts and failures.
    expect(overMcp.filter((e) => e.receipt).map((e) => e.receipt.kind)).toEqual([
      'booking_confirmed',
      'booking_confirmed',
      'booking_confirmed',
      'booking_cancelled',
    ]);
    expect(overMcp.filter((e) => e.error).map((e) => e.error.code)).toEqual([
      'booking_not_found',
      'booking_not_cancellable',
      'booking_not_found',
      'validation_failed',
    ]);
    // the reference answered the same booking, and find_booking told it
    const [booked, again, found] = overMcp.filter((e) => e.receipt?.kind === 'booking_confirmed');
    expect(again.data).toEqual(booked.data);
    expect(found.data).toMatchObject({ state: 'confirmed', booking: { booking_id: booked.data.booking_id } });
  });
});
