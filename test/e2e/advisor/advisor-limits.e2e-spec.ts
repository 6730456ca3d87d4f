import { createTenant } from '../../support/factories';
import { createProperty } from '../../support/catalog-fixtures';
import { createChainAgent } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Issue 18 point 9: an advisor session holds at most ADVISOR_SESSION_MAX_MESSAGES messages
 * (`advisor_session_full`), and an answer returns the new messages plus a cursor, not the session.
 */
describe('advisor session limits', () => {
  let t: TestApp;
  let key: string;
  let slug: string;

  beforeAll(async () => {
    t = await startTestApp({ ADVISOR_SESSION_MAX_MESSAGES: '5' });
    const tenant = await createTenant(t.app);
    key = (await createChainAgent(t.app, tenant.tenantId)).apiKey;
    slug = (await createProperty(t, tenant.adminKey, { name: 'Capped Inn' })).slug;
  });
  afterAll(() => t.close());

  const as = () => ({ authorization: `Bearer ${key}` });
  const ask = (id: string, message: string) => t.http().post(`/v1/advisor/sessions/${id}/messages`).set(as()).send({ message });

  it('answers with the question, the answer and a cursor; reads after the cursor; refuses past the cap with advisor_session_full', async () => {
    const started = await t.http().post('/v1/advisor/sessions').set(as()).send({ property_slug: slug, locale: 'en' }).expect(201);
    const id = started.body.data.session_id as string;

    const first = await ask(id, 'Is there wifi?').expect(201);
    expect(first.body.data).toMatchObject({ session_id: id, property_slug: slug, property_name: 'Capped Inn' });
    expect(first.body.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(first.body.data.messages[0].message).toBe('Is there wifi?');
    expect(typeof first.body.data.next_cursor).toBe('string');

    // Nothing after the answer yet; the next answer is what the cursor reads.
    const none = await t.http().get(`/v1/advisor/sessions/${id}`).query({ cursor: first.body.data.next_cursor }).set(as()).expect(200);
    expect(none.body.data.messages).toEqual([]);
    const second = await ask(id, 'Are pets allowed?').expect(201);
    const after = await t.http().get(`/v1/advisor/sessions/${id}`).query({ cursor: first.body.data.next_cursor }).set(as()).expect(200);
    expect(after.body.data.messages.map((m: { id: string }) => m.id)).toEqual(second.body.data.messages.map((m: { id: string }) => m.id));
    expect(after.body.data.next_cursor).toBe(second.body.data.next_cursor);

    // A plain read is the whole (capped) session; limit pages it.
    const whole = await t.http().get(`/v1/advisor/sessions/${id}`).set(as()).expect(200);
    expect(whole.body.data.messages).toHaveLength(5);
    const page = await t.http().get(`/v1/advisor/sessions/${id}`).query({ limit: 2 }).set(as()).expect(200);
    expect(page.body.data.messages).toHaveLength(2);
    const rest = await t.http().get(`/v1/advisor/sessions/${id}`).query({ cursor: page.body.data.next_cursor, limit: 10 }).set(as()).expect(200);
    expect(rest.body.data.messages).toHaveLength(3);

    // Five messages: another question and answer would pass the cap.
    const full = await ask(id, 'And breakfast?');
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'advisor_session_full', detail: { session_id: id, max_messages: 5 } });
    expect((await t.http().get(`/v1/advisor/sessions/${id}`).set(as())).body.data.messages).toHaveLength(5);

    const bad = await t.http().get(`/v1/advisor/sessions/${id}`).query({ cursor: 'not-ours' }).set(as());
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', detail: { field_errors: [{ path: 'cursor' }] } });
  });

  it('lists advisor_session_full in the error catalog', async () => {
    const catalog = await t.http().get('/.well-known/errors').expect(200);
    expect(JSON.stringify(catalog.body)).toContain('advisor_session_full');
  });

  it('refuses docs asset names that reach object prototypes (404), and still serves real assets', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await t.http().get(`/docs/assets/${name}`);
      expect({ name, status: res.status }).toEqual({ name, status: 404 });
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
