import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import {
  bookStay,
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

describe('MCP tools over streamable HTTP (official SDK client)', () => {
  let t: TestApp;
  let base: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let slug: string;
  let traveler: string;
  let tenantId: string;
  let client: Client;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    [{ slug }] = await t.app.get(DataSource).query(`SELECT slug FROM properties WHERE id = $1`, [catalog.propertyId]);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'mcp-traveler');
    client = await connectMcp(base, agent.apiKey);
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  it('lists every tool with input and output schemas and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search',
      'get_property',
      'get_property_full',
      'create_quote',
      'create_hold',
      'release_hold',
      'confirm_booking',
      'find_booking',
      'get_booking',
      'get_cancellation_preview',
      'cancel_booking',
      'cancel_booking_room',
      'modify_booking',
      'get_booking_audit',
      'verify_receipt',
      'start_advisor_session',
      'ask_advisor',
      'get_advisor_session',
    ]);
    const booking = tools.find((tool) => tool.name === 'confirm_booking')!;
    expect(booking.inputSchema.required).toEqual(expect.arrayContaining(['hold_id', 'quote_id', 'guest', 'payment']));
    // idempotency_key or client_reference: either makes a retry safe (docs/booking-chain.md)
    expect(booking.inputSchema.properties).toHaveProperty('idempotency_key');
    expect(booking.inputSchema.properties).toHaveProperty('client_reference');
    expect(booking.inputSchema.properties).toHaveProperty('delegation_token');
    expect(booking.outputSchema).toMatchObject({ type: 'object' });
    expect(booking.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    const search = tools.find((tool) => tool.name === 'search')!;
    expect(search.annotations).toMatchObject({ readOnlyHint: true });
    expect((search.inputSchema.properties as Json).guests.properties.adults).toMatchObject({ type: 'integer', minimum: 1, maximum: 20 });
    expect(tools.find((tool) => tool.name === 'cancel_booking')!.annotations).toMatchObject({ destructiveHint: true });

    const preview = tools.find((tool) => tool.name === 'get_cancellation_preview')!;
    expect(preview.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(preview.inputSchema.required).toEqual(['booking_id']);
    expect(Object.keys(preview.inputSchema.properties!).sort()).toEqual(['booking_id', 'delegation_token']);
    // The output schema is the route's OpenAPI response: the envelope, then the CancellationPreviewModel as data.
    expect((preview.outputSchema!.allOf as Json[])[1].properties.data.required).toEqual(expect.arrayContaining(['fee', 'refund', 'policy_version']));
    const modify = tools.find((tool) => tool.name === 'modify_booking')!;
    expect(modify.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // The route's Idempotency-Key is optional, so is the argument; the delegation comes as on cancel_booking.
    expect(modify.inputSchema.required).toEqual(['booking_id', 'stay']);
    expect(Object.keys(modify.inputSchema.properties!).sort()).toEqual(['booking_id', 'delegation_token', 'idempotency_key', 'stay']);
    expect((modify.inputSchema.properties as Json).stay).toMatchObject({ required: ['check_in', 'check_out'], additionalProperties: false });
    expect(modify.outputSchema).toMatchObject({ type: 'object' });
  });

  it('runs the whole chain: search, quote, hold, booking, read, cancel, audit, verify', async () => {
    const stay = { check_in: daysFromToday(20), check_out: daysFromToday(22) };
    const search = await callTool(client, 'search', { destination: { type: 'property', value: slug }, stay, guests: { adults: 2 } });
    expect(search.isError).toBe(false);
    expect(search.envelope.data.results[0].hotel_id).toBe(catalog.propertyId);
    const quoteAction = search.envelope.next_actions.find((a: Json) => a.rel === 'quote');

    const quote = await callTool(client, 'create_quote', quoteAction.body_hint);
    expect(quote.isError).toBe(false);
    expect(quote.envelope).toMatchObject({ data: { quote_id: expect.any(String) }, expires_at: expect.any(String) });

    const hold = await callTool(client, 'create_hold', { quote_id: quote.envelope.data.quote_id, idempotency_key: `hold-${quote.envelope.data.quote_id}` });
    expect(hold.envelope.data.state).toBe('held');

    const bookingArgs = {
      hold_id: hold.envelope.data.hold_id,
      quote_id: quote.envelope.data.quote_id,
      guest: GUEST,
      payment: CARD(),
      idempotency_key: `book-${hold.envelope.data.hold_id}`,
      delegation_token: traveler,
    };
    const booking = await callTool(client, 'confirm_booking', bookingArgs);
    expect(booking.isError).toBe(false);
    expect(booking.envelope.data.state).toBe('confirmed');
    expect(booking.envelope.receipt.kind).toBe('booking_confirmed');
    // A retry with the same key replays the first answer byte for byte (same trace id too).
    expect((await callTool(client, 'confirm_booking', bookingArgs)).envelope).toEqual(booking.envelope);

    const read = await callTool(client, 'get_booking', { booking_id: booking.envelope.data.booking_id });
    expect(read.envelope.data).toMatchObject({ booking_id: booking.envelope.data.booking_id, state: 'confirmed', traveler: { sub: 'mcp-traveler' } });

    const cancel = await callTool(client, 'cancel_booking', {
      booking_id: booking.envelope.data.booking_id,
      reason: 'plans changed',
      delegation_token: traveler,
    });
    expect(cancel.isError).toBe(false);
    expect(cancel.envelope.data.state).toBe('cancelled');
    expect(cancel.envelope.receipt.kind).toBe('booking_cancelled');

    const audit = await callTool(client, 'get_booking_audit', { booking_id: booking.envelope.data.booking_id });
    expect(audit.envelope.data.items.map((i: Json) => i.type)).toEqual(
      expect.arrayContaining(['quote.created', 'hold.created', 'booking.confirmed', 'booking.cancelled']),
    );

    const verdict = await callTool(client, 'verify_receipt', { receipt: cancel.envelope.receipt });
    expect(verdict.envelope.data).toEqual({ valid: true });
  });

  it('previews a cancellation, then cancels on exactly those terms, through tools', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 30, nights: 2, adults: 1 });
    const preview = await callTool(client, 'get_cancellation_preview', { booking_id: b.bookingId, delegation_token: traveler });
    expect(preview.isError).toBe(false);
    const booking = await callTool(client, 'get_booking', { booking_id: b.bookingId });
    expect(preview.envelope.data).toEqual({
      fee: { amount: 0, currency: 'EUR' },
      refund: b.total,
      policy_version: '2',
      free_until: booking.envelope.data.policy_snapshot.free_cancellation_until,
    });
    expect(preview.envelope.next_actions.map((a: Json) => a.rel)).toEqual(['cancel', 'get']);
    expect((preview.result.content[1] as { text: string }).text).toBe(
      `Cancelling now: fee 0 EUR, refund ${b.total.amount} EUR (minor units), free until ${preview.envelope.data.free_until}. Next: cancel_booking if the traveler agrees.`,
    );
    // The same answer as the REST route, trace id aside.
    const rest = await t
      .http()
      .get(`/v1/bookings/${b.bookingId}/cancellation-preview`)
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set(DELEGATION_HEADER, traveler);
    expect({ ...rest.body, trace_id: null }).toEqual({ ...preview.envelope, trace_id: null });

    const cancel = await callTool(client, 'cancel_booking', { booking_id: b.bookingId, delegation_token: traveler });
    expect(cancel.envelope.data.cancellation).toMatchObject({ fee: preview.envelope.data.fee, refund: preview.envelope.data.refund, policy_version: '2' });

    const after = await callTool(client, 'get_cancellation_preview', { booking_id: b.bookingId, delegation_token: traveler });
    expect(after.isError).toBe(true);
    expect(after.envelope.error).toMatchObject({ code: 'booking_not_cancellable', detail: { state: 'cancelled' } });
  });

  it('moves a booking to other dates of the same length and total through modify_booking', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 40, nights: 2, adults: 1 });
    const newStay = { check_in: daysFromToday(42), check_out: daysFromToday(44) };
    const args = { booking_id: b.bookingId, stay: newStay, idempotency_key: `modify-${b.bookingId}`, delegation_token: traveler };
    const moved = await callTool(client, 'modify_booking', args);
    expect(moved.isError).toBe(false);
    expect(moved.envelope.data).toMatchObject({ booking_id: b.bookingId, state: 'confirmed', stay: newStay, price_breakdown: { total: b.total } });
    expect(moved.envelope.data.price_breakdown.nights.map((n: Json) => n.date)).toEqual([daysFromToday(42), daysFromToday(43)]);
    expect(moved.envelope.next_actions.map((a: Json) => a.rel)).toEqual(['cancel', 'get_audit']);
    expect((moved.result.content[1] as { text: string }).text).toBe(
      `Booking ${b.bookingId} moved to ${newStay.check_in} - ${newStay.check_out}; price and policy snapshot in data. Next: get_booking.`,
    );
    // The key replays the first answer; the same key with another stay is a conflict.
    expect((await callTool(client, 'modify_booking', args)).envelope).toEqual(moved.envelope);
    const reused = await callTool(client, 'modify_booking', { ...args, stay: { check_in: daysFromToday(46), check_out: daysFromToday(48) } });
    expect(reused.envelope.error.code).toBe('idempotency_conflict');

    const read = await callTool(client, 'get_booking', { booking_id: b.bookingId });
    expect(read.envelope.data).toEqual(moved.envelope.data);
    const audit = await callTool(client, 'get_booking_audit', { booking_id: b.bookingId });
    expect(audit.envelope.data.items.at(-1)).toMatchObject({ type: 'booking.modified', data: { stay: newStay, total: b.total } });

    const longer = await callTool(client, 'modify_booking', {
      booking_id: b.bookingId,
      stay: { check_in: daysFromToday(42), check_out: daysFromToday(45) },
      delegation_token: traveler,
    });
    expect(longer.isError).toBe(true);
    expect(longer.envelope.error).toMatchObject({
      code: 'booking_modification_price_change',
      detail: { old_total: b.total, new_total: { currency: 'EUR' }, old_nights: 2, new_nights: 3 },
    });

    const nonRefundable = await bookStay(t, agent, catalog, traveler, { start: 50, nights: 1, adults: 1, planId: catalog.nonRefundablePlanId });
    const refused = await callTool(client, 'modify_booking', {
      booking_id: nonRefundable.bookingId,
      stay: { check_in: daysFromToday(52), check_out: daysFromToday(53) },
      delegation_token: traveler,
    });
    expect(refused.isError).toBe(true);
    expect(refused.envelope.error).toMatchObject({ code: 'booking_not_modifiable', detail: { state: 'confirmed', reason: 'non_refundable' } });

    const invalid = await callTool(client, 'modify_booking', { booking_id: 'nope', stay: { check_in: 'soon' }, delegation_token: traveler });
    expect(invalid.envelope.error.code).toBe('validation_failed');
    expect(invalid.envelope.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['booking_id']);
    const badStay = await callTool(client, 'modify_booking', { booking_id: b.bookingId, stay: { check_in: 'soon' }, delegation_token: traveler });
    expect(badStay.envelope.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['stay.check_in', 'stay.check_out']);
  });

  it('needs the delegation of the traveler who booked for the preview and the modification', async () => {
    const b = await bookStay(t, agent, catalog, traveler, { start: 70, nights: 1, adults: 1 });
    const newStay = { check_in: daysFromToday(71), check_out: daysFromToday(72) };
    expect((await callTool(client, 'get_cancellation_preview', { booking_id: b.bookingId })).envelope.error.code).toBe('delegation_required');
    expect((await callTool(client, 'modify_booking', { booking_id: b.bookingId, stay: newStay })).envelope.error.code).toBe('delegation_required');
    expect((await callTool(client, 'modify_booking', { booking_id: b.bookingId, stay: newStay, delegation_token: 'not-a-jwt' })).envelope.error.code).toBe(
      'delegation_invalid',
    );
    const stranger = await travelerDelegation(t.app, tenantId, 'mcp-stranger');
    const preview = await callTool(client, 'get_cancellation_preview', { booking_id: b.bookingId, delegation_token: stranger });
    expect(preview.envelope.error.code).toBe('resource_access_denied');
    const modify = await callTool(client, 'modify_booking', { booking_id: b.bookingId, stay: newStay, delegation_token: stranger });
    expect(modify.envelope.error.code).toBe('resource_access_denied');
    // The header of the MCP request works as the argument does; nothing moved before.
    const withHeader = await connectMcp(base, agent.apiKey, { 'x-delegated-user': traveler });
    try {
      expect((await callTool(withHeader, 'get_cancellation_preview', { booking_id: b.bookingId })).isError).toBe(false);
      expect((await callTool(withHeader, 'modify_booking', { booking_id: b.bookingId, stay: newStay })).envelope.data.stay).toEqual(newStay);
    } finally {
      await withHeader.close();
    }
  });

  it('talks to the property advisor through tools, grounded and without prices', async () => {
    const session = await callTool(client, 'start_advisor_session', { property_slug: slug, locale: 'es' });
    expect(session.envelope.data).toMatchObject({ property_slug: slug, messages: [{ role: 'assistant' }] });
    const id = session.envelope.data.session_id;
    const pets = await callTool(client, 'ask_advisor', { session_id: id, message: '¿A qué hora es el check-in?' });
    expect(pets.envelope.data.messages[1]).toMatchObject({ message: 'El check-in es a partir de las 15:00.', grounded_facts: ['checkin_time'] });
    expect((pets.result.content[1] as { text: string }).text).toBe('El check-in es a partir de las 15:00.');
    const price = await callTool(client, 'ask_advisor', { session_id: id, message: '¿Cuánto cuesta?' });
    expect(price.envelope.data.messages[1].suggestions.map((s: Json) => s.href)).toEqual(expect.arrayContaining(['/v1/search', '/v1/quotes']));
    expect((await callTool(client, 'get_advisor_session', { session_id: id })).envelope.data.messages).toHaveLength(5);
    const tooLong = await callTool(client, 'ask_advisor', { session_id: id, message: 'x'.repeat(2001) });
    expect(tooLong.envelope.error.detail.field_errors).toEqual([{ path: 'message', message: expect.any(String) }]);
    expect((await callTool(client, 'ask_advisor', { session_id: randomUUID(), message: 'hi' })).envelope.error.code).toBe('advisor_session_not_found');
  });

  it('reads a property by id and in full, and as a resource', async () => {
    const detail = await callTool(client, 'get_property', { property_id: catalog.propertyId });
    expect(detail.envelope.data.id).toBe(catalog.propertyId);
    const full = await callTool(client, 'get_property_full', { slug });
    expect(full.envelope.data.slug).toBe(slug);
    const resource = await client.readResource({ uri: `hotel://properties/${slug}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).data.slug).toBe(slug);
  });

  it('answers failures as isError with the REST error envelope and code', async () => {
    const missing = await callTool(client, 'get_booking', { booking_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.isError).toBe(true);
    expect(missing.envelope.error).toMatchObject({
      code: 'booking_not_found',
      trace_id: expect.any(String),
      docs_url: expect.any(String),
      next_actions: expect.any(Array),
    });

    const invalid = await callTool(client, 'create_quote', {
      hotel_id: 'nope',
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay: {},
      guests: { adults: 0, children: [{ age: 18 }] },
    });
    expect(invalid.envelope.error.code).toBe('validation_failed');
    expect(invalid.envelope.error.detail.field_errors.map((e: Json) => e.path)).toEqual([
      'guests.adults',
      'guests.children[0].age',
      'hotel_id',
      'stay.check_in',
      'stay.check_out',
    ]);

    const noKey = await callTool(client, 'confirm_booking', {
      hold_id: catalog.roomTypeId,
      quote_id: catalog.roomTypeId,
      guest: GUEST,
      payment: CARD(),
      delegation_token: traveler,
    });
    expect(noKey.envelope.error).toMatchObject({ code: 'validation_failed', detail: { field_errors: [{ path: 'idempotency_key' }] } });

    const noDelegation = await callTool(client, 'cancel_booking', { booking_id: catalog.roomTypeId });
    expect(noDelegation.envelope.error.code).toBe('delegation_required');
    const badDelegation = await callTool(client, 'cancel_booking', { booking_id: catalog.roomTypeId, delegation_token: 'not-a-jwt' });
    expect(badDelegation.envelope.error.code).toBe('delegation_invalid');

    await expect(client.callTool({ name: 'book_everything', arguments: {} })).rejects.toThrow(/book_everything not found/);
    const unknownArgument = await callTool(client, 'get_booking', { booking_id: catalog.roomTypeId, extra: 1 });
    expect(unknownArgument.envelope.error.detail.field_errors).toEqual([{ path: 'extra', message: 'is not an allowed field' }]);
  });

  it('shares trace context, the idempotency store and the body limit with REST', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await connectMcp(base, agent.apiKey, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    try {
      expect((await callTool(traced, 'get_property', { property_id: catalog.propertyId })).envelope.trace_id).toBe(traceId);
    } finally {
      await traced.close();
    }
    // A hold made over REST with a key is replayed, byte for byte, by the MCP tool with the same key and body.
    const stay = { check_in: daysFromToday(60), check_out: daysFromToday(61) };
    const quote = await callTool(client, 'create_quote', {
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay,
      guests: { adults: 1 },
    });
    const key = `cross-${quote.envelope.data.quote_id}`;
    const rest = await t
      .http()
      .post('/v1/holds')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', key)
      .send({ quote_id: quote.envelope.data.quote_id });
    expect(rest.status).toBe(201);
    expect((await callTool(client, 'create_hold', { quote_id: quote.envelope.data.quote_id, idempotency_key: key })).envelope).toEqual(rest.body);
    const conflict = await callTool(client, 'create_hold', { quote_id: catalog.roomTypeId, idempotency_key: key });
    expect(conflict.envelope.error.code).toBe('idempotency_conflict');
    const tooLarge = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { pad: 'x'.repeat(300 * 1024) } } }),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as Json).error.code).toBe('payload_too_large');
  });

  it('takes the delegation from the X-Delegated-User header of the MCP request', async () => {
    const withHeader = await connectMcp(base, agent.apiKey, { 'x-delegated-user': traveler });
    try {
      const res = await callTool(withHeader, 'cancel_booking', { booking_id: '00000000-0000-4000-8000-000000000000' });
      expect(res.envelope.error.code).toBe('booking_not_found');
    } finally {
      await withHeader.close();
    }
  });

  it('refuses a tool whose REST scope the agent lacks, and the wrong principal kind', async () => {
    const reader = await createChainAgent(t.app, (await createTenant(t.app)).tenantId, { scopes: ['catalog:read'] });
    const limited = await connectMcp(base, reader.apiKey);
    try {
      const res = await callTool(limited, 'get_booking', { booking_id: catalog.roomTypeId });
      expect(res.envelope.error).toMatchObject({ code: 'forbidden', detail: { missing_scopes: ['booking:read'] } });
      expect((await callTool(limited, 'get_property_full', { slug: 'nowhere' })).envelope.error.code).toBe('property_not_found');
    } finally {
      await limited.close();
    }
    const admin = await createTenant(t.app);
    const adminClient = await connectMcp(base, admin.adminKey);
    try {
      const res = await callTool(adminClient, 'create_quote', {
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: {},
        guests: { adults: 1 },
      });
      expect(res.envelope.error).toMatchObject({ code: 'principal_kind_not_allowed', detail: { principal_kind: 'admin', allowed: ['agent'] } });
    } finally {
      await adminClient.close();
    }
  });

  it('answers 401 with the resource metadata challenge without a bearer, and 405 to GET and DELETE', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${t.config.baseUrl}/.well-known/oauth-protected-resource"`);
    expect(((await res.json()) as Json).error.code).toBe('unauthenticated');
    await expect(connectMcp(base, 'hcs_bogus')).rejects.toThrow();
    expect((await fetch(`${base}/mcp`, { method: 'GET' })).status).toBe(405);
    expect((await fetch(`${base}/mcp`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('discovery advertises MCP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MCP_URL: 'https://mcp.hotels.example' });
  });
  afterAll(() => t.close());

  it('in the agent card transports (a tool per capability), the service index, ACP and the protected resource metadata', async () => {
    const card = (await t.http().get('/.well-known/agent-card.json')).body;
    const mcp = card.transports.find((transport: Json) => transport.type === 'mcp');
    expect(mcp).toMatchObject({ url: 'https://mcp.hotels.example/mcp', protocol: 'streamable-http', stateless: true });
    const capabilityIds = card.capabilities.map((c: Json) => c.id);
    for (const tool of mcp.tools) expect(capabilityIds).toContain(tool.capability);
    expect(mcp.tools.map((tool: Json) => tool.name as string)).toEqual(
      expect.arrayContaining(['search', 'create_quote', 'create_hold', 'confirm_booking', 'cancel_booking']),
    );
    expect(mcp.tools).toEqual(
      expect.arrayContaining([
        { name: 'get_cancellation_preview', capability: 'preview_cancellation', description: expect.stringContaining('before cancel_booking') },
        { name: 'modify_booking', capability: 'modify_booking', description: expect.stringContaining('same number of nights') },
      ]),
    );
    expect(card.transports[0]).toMatchObject({ type: 'https+json', url: `${t.config.baseUrl}/v1` });
    expect((await t.http().get('/')).body.mcp_url).toBe('https://mcp.hotels.example/mcp');
    expect((await t.http().get('/.well-known/acp.json')).body.transport_endpoints.mcp).toBe('https://mcp.hotels.example/mcp');
    expect((await t.http().get('/.well-known/oauth-protected-resource')).body.mcp_endpoint).toBe('https://mcp.hotels.example/mcp');
  });
});
