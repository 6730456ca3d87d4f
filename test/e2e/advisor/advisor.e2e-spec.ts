import { createTenant } from '../../support/factories';
import { createProperty, sql } from '../../support/catalog-fixtures';
import { createChainAgent } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MONEY_OR_DATE = /(\d[\d.,]*\s?(€|\$|£|eur|usd|euros?|reais|d[oó]lares))|((€|\$|£)\s?\d)|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\b/i;

describe('advisor sessions', () => {
  let t: TestApp;
  let agentKey: string;
  let otherAgentKey: string;
  let outsiderKey: string;
  let slug: string;
  let bareSlug: string;

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.app);
    agentKey = (await createChainAgent(t.app, tenant.tenantId)).apiKey;
    otherAgentKey = (await createChainAgent(t.app, tenant.tenantId)).apiKey;
    const outsider = await createTenant(t.app);
    outsiderKey = (await createChainAgent(t.app, outsider.tenantId)).apiKey;
    const property = await createProperty(t, tenant.adminKey, {
      name: 'Riverside Lisbon',
      rooms: [{ code: 'DBL', maxOccupancy: 3, plans: [{ code: 'FLEX', amount: 12000 }] }],
    });
    slug = property.slug;
    await sql(t).query(
      `UPDATE properties SET amenities = '{wifi,pool,wheelchair accessible entrance,elevator}', pets_allowed = true, checkin_time = '15:00', checkout_time = '11:00', phone = '+351 21 000 0000', email = 'stay@riverside.example' WHERE id = $1`,
      [property.id],
    );
    await sql(t).query(`UPDATE room_types SET bed_type = 'queen', floor_size_sqm = 22, amenities = '{roll-in shower}' WHERE property_id = $1`, [property.id]);
    bareSlug = (await createProperty(t, tenant.adminKey, { name: 'Plain Inn' })).slug;
  });
  afterAll(() => t.close());

  const as = (key: string) => ({ authorization: `Bearer ${key}` });
  const start = (body: object, key = agentKey) => t.http().post('/v1/advisor/sessions').set(as(key)).send(body);
  const ask = (id: string, message: unknown, key = agentKey) => t.http().post(`/v1/advisor/sessions/${id}/messages`).set(as(key)).send({ message });
  async function answer(id: string, message: string): Promise<Json> {
    const res = await ask(id, message);
    expect(res.status).toBe(201);
    const messages = res.body.data.messages as Json[];
    expect(messages[messages.length - 2]).toMatchObject({ role: 'user', message });
    return messages[messages.length - 1];
  }

  it('opens a session in the shape of the specification, with a welcome and a lifetime', async () => {
    const res = await start({ property_slug: slug, locale: 'pt-BR' });
    expect(res.status).toBe(201);
    // the specification's session fields, plus the cursor to read the messages after these (issue 18).
    expect(Object.keys(res.body.data).sort()).toEqual(['created_at', 'messages', 'next_cursor', 'property_name', 'property_slug', 'session_id', 'updated_at']);
    expect(res.body.data).toEqual({
      session_id: expect.stringMatching(UUID),
      property_slug: slug,
      property_name: 'Riverside Lisbon',
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      messages: [
        {
          id: expect.stringMatching(UUID),
          role: 'assistant',
          message: expect.stringContaining('Olá'),
          grounded_facts: ['name'],
          suggestions: [{ label: expect.any(String), href: `/v1/properties/${slug}/full` }],
          created_at: expect.stringMatching(ISO),
        },
      ],
      next_cursor: expect.any(String),
    });
    expect(res.body.expires_at).toEqual(expect.stringMatching(ISO));
    expect(res.body.next_actions).toContainEqual({ rel: 'get', method: 'GET', href: `/v1/advisor/sessions/${res.body.data.session_id}` });
    const read = await t.http().get(`/v1/advisor/sessions/${res.body.data.session_id}`).set(as(agentKey));
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);
  });

  const GROUNDED: Record<'en' | 'pt' | 'es', Array<[string, string[], RegExp]>> = {
    en: [
      ['What amenities do you have?', ['amenities'], /wifi, pool/],
      ['Can I bring my dog?', ['pets_allowed'], /Pets are allowed/],
      ['What time is check-in?', ['checkin_time'], /15:00/],
      ['When is checkout?', ['checkout_time'], /11:00/],
      ['What room types are there and how many people fit?', ['room_types[DBL]'], /Room DBL \(up to 3 guests, queen bed, 22 m²\)/],
      ['Is it wheelchair accessible?', ['amenities', 'room_types[].amenities'], /wheelchair accessible entrance, elevator, roll-in shower/],
    ],
    pt: [
      ['Quais são as comodidades?', ['amenities'], /Comodidades em Riverside Lisbon: wifi, pool/],
      ['Aceitam animais de estimação? Tenho um cachorro.', ['pets_allowed'], /Animais de estimação são aceitos/],
      ['Qual o horário de check-in?', ['checkin_time'], /a partir das 15:00/],
      ['Até que horas é o check-out?', ['checkout_time'], /até às 11:00/],
      ['Que tipos de quarto existem?', ['room_types[DBL]'], /até 3 hóspedes/],
      ['O hotel tem acessibilidade para cadeira de rodas?', ['amenities', 'room_types[].amenities'], /Recursos de acessibilidade/],
    ],
    es: [
      ['¿Qué servicios tiene el hotel?', ['amenities'], /Servicios en Riverside Lisbon: wifi, pool/],
      ['¿Se admiten mascotas? Viajo con mi perro.', ['pets_allowed'], /Se admiten mascotas/],
      ['¿A qué hora es la llegada?', ['checkin_time'], /a partir de las 15:00/],
      ['¿Hasta qué hora es la salida?', ['checkout_time'], /hasta las 11:00/],
      ['¿Qué tipos de habitación hay?', ['room_types[DBL]'], /hasta 3 huéspedes/],
      ['¿Es accesible en silla de ruedas?', ['amenities', 'room_types[].amenities'], /Accesibilidad indicada/],
    ],
  };

  for (const locale of ['en', 'pt', 'es'] as const) {
    it(`answers amenities, pets, check-in/out, room types and accessibility from the facts in ${locale}`, async () => {
      const id = (await start({ property_slug: slug, locale })).body.data.session_id as string;
      for (const [question, facts, expected] of GROUNDED[locale]) {
        const reply = await answer(id, question);
        expect(reply.message).toMatch(expected);
        expect(reply.grounded_facts).toEqual(facts);
        expect(reply.suggestions).toEqual([{ label: expect.any(String), href: `/v1/properties/${slug}/full` }]);
      }
    });
  }

  it('says "I do not know" with a pointer when no fact answers, and names what it does not know', async () => {
    const id = (await start({ property_slug: bareSlug })).body.data.session_id as string;
    const unknown = await answer(id, 'Is there a shuttle to the moon?');
    expect(unknown).toMatchObject({
      message: expect.stringContaining('I do not know'),
      grounded_facts: [],
      suggestions: [{ href: `/v1/properties/${bareSlug}/full` }],
    });
    const languages = await answer(id, 'Which languages does the staff speak?');
    expect(languages.message).toContain('I do not know the languages spoken');
    const checkin = await answer(id, 'What time is check-in?');
    expect(checkin.message).toContain('I do not know the check-in time');
  });

  it('falls back to English for other locales and says so', async () => {
    const res = await start({ property_slug: slug, locale: 'fr-FR' });
    expect(res.body.data.messages[0].message).toMatch(/^The locale "fr-FR" is not supported; I answer in English\. Hello!/);
    expect((await answer(res.body.data.session_id, 'Are pets allowed?')).message).toBe('Pets are allowed at Riverside Lisbon.');
  });

  const PRICE_OR_AVAILABILITY = [
    'How much is a room?',
    'What is the price per night?',
    'Is it cheap?',
    'What does it cost for two nights?',
    'Any discount for a week?',
    'What is the total for 3 nights in May?',
    'How expensive is the suite?',
    'What are your rates?',
    'Is breakfast included in the price?',
    'Can you give me a deal?',
    'Is there a room available tomorrow?',
    'Do you have availability next week?',
    'Are there free rooms this weekend?',
    'Is it sold out on 2027-05-01?',
    'Can I book a room for tonight?',
    'Any vacancies for December 24?',
    'Which dates are available?',
    'Can I reserve two rooms?',
    'What is the cancellation policy?',
    'Can I get a refund if I cancel?',
    'Is the rate refundable?',
    'Quanto custa a diária?',
    'Qual é o preço por noite?',
    'É barato?',
    'Tem desconto?',
    'Qual o valor total de 3 noites?',
    'Tem quarto disponível amanhã?',
    'Há vagas para o fim de semana?',
    'Posso reservar para hoje?',
    'Qual a disponibilidade em dezembro?',
    'Posso cancelar e ter reembolso?',
    'A tarifa é reembolsável?',
    'Está esgotado no dia 10 de maio?',
    'Quais datas estão disponíveis?',
    '¿Cuánto cuesta una habitación?',
    '¿Cuál es el precio por noche?',
    '¿Es caro?',
    '¿Hay descuento?',
    '¿Cuánto vale la suite?',
    '¿Hay habitaciones disponibles mañana?',
    '¿Tienen disponibilidad esta noche?',
    '¿Quedan habitaciones libres?',
    '¿Puedo reservar para el fin de semana?',
    '¿Qué fechas están disponibles?',
    '¿Puedo cancelar gratis?',
    '¿Es reembolsable la tarifa?',
    '¿Está agotado el 24 de diciembre?',
    'How much for a dog and two adults?',
    'Price of the double room with breakfast?',
    'Do you have a room available with a pool view, and how much?',
  ];

  it('never states an amount or a date for 50 price or availability phrasings: it suggests search and a quote', async () => {
    expect(PRICE_OR_AVAILABILITY).toHaveLength(50);
    for (const locale of ['en', 'pt', 'es']) {
      const id = (await start({ property_slug: slug, locale })).body.data.session_id as string;
      for (const question of PRICE_OR_AVAILABILITY) {
        const reply = await answer(id, question);
        expect({ question, message: reply.message, stated: MONEY_OR_DATE.test(reply.message) }).toEqual({ question, message: reply.message, stated: false });
        expect(reply.suggestions.map((s: Json) => s.href)).toEqual(expect.arrayContaining(['/v1/search', '/v1/quotes']));
        expect(reply.grounded_facts).not.toContain('policies');
      }
    }
  }, 60000);

  it('validates the limits of the specification with every failing path, and writes nothing', async () => {
    const bad = await start({ property_slug: '', locale: 'x', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['extra', 'locale', 'property_slug']);
    expect((await start({ property_slug: 'a'.repeat(121) })).body.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['property_slug']);
    expect((await start({ property_slug: slug, locale: 'x'.repeat(17) })).body.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['locale']);
    expect((await start({ property_slug: 'no-such-hotel' })).body.error.code).toBe('property_not_found');
    const id = (await start({ property_slug: slug })).body.data.session_id as string;
    for (const message of ['', 'x'.repeat(2001), 42]) {
      const res = await ask(id, message);
      expect(res.status).toBe(400);
      expect(res.body.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['message']);
    }
    expect((await ask(id, 'x'.repeat(2000))).status).toBe(201);
    expect((await t.http().get(`/v1/advisor/sessions/${id}`).set(as(agentKey))).body.data.messages).toHaveLength(3);
  });

  it("answers not found for another tenant's or another agent's session, and needs a bearer with catalog:read", async () => {
    const id = (await start({ property_slug: slug })).body.data.session_id as string;
    for (const key of [outsiderKey, otherAgentKey]) {
      const read = await t.http().get(`/v1/advisor/sessions/${id}`).set(as(key));
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('advisor_session_not_found');
      expect((await ask(id, 'Pets?', key)).body.error.code).toBe('advisor_session_not_found');
    }
    expect((await t.http().get('/v1/advisor/sessions/not-a-uuid').set(as(agentKey))).body.error.code).toBe('advisor_session_not_found');
    expect((await t.http().post('/v1/advisor/sessions').send({ property_slug: slug })).status).toBe(401);
    const bookingOnly = await createChainAgent(t.app, (await createTenant(t.app)).tenantId, { scopes: ['booking:read'] });
    expect((await start({ property_slug: slug }, bookingOnly.apiKey)).body.error.code).toBe('forbidden');
  });
});

describe('advisor session lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADVISOR_SESSION_TTL_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('answers advisor_session_expired (410) once the lifetime has passed', async () => {
    const tenant = await createTenant(t.app);
    const key = (await createChainAgent(t.app, tenant.tenantId)).apiKey;
    const { slug } = await createProperty(t, tenant.adminKey);
    const id = (await t.http().post('/v1/advisor/sessions').set('authorization', `Bearer ${key}`).send({ property_slug: slug })).body.data.session_id;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const res = await t.http().post(`/v1/advisor/sessions/${id}/messages`).set('authorization', `Bearer ${key}`).send({ message: 'Pets?' });
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({ code: 'advisor_session_expired', detail: { session_id: id, expired_at: expect.stringMatching(/Z$/) } });
    expect((await t.http().get(`/v1/advisor/sessions/${id}`).set('authorization', `Bearer ${key}`)).status).toBe(410);
  });
});
