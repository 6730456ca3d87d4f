import { ProbeModule } from '../../support/probe.module';
import { startTestApp, TestApp } from '../../support/test-app';

describe('validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, [ProbeModule]);
  });
  afterAll(() => t.close());

  const valid = { stay: { check_in: '2027-01-10', check_out: '2027-01-12' }, guests: { adults: 2, children: [{ age: 4 }] } };

  it('passes a valid body through to the handler', async () => {
    const res = await t.http().post('/__probe/validate').send(valid);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(valid);
    expect(res.body.next_actions).toEqual([{ rel: 'search', method: 'POST', href: '/v1/search' }]);
  });

  it('lists every failing path at once, nested and indexed, unknown fields included', async () => {
    const res = await t
      .http()
      .post('/__probe/validate')
      .send({ stay: { check_in: 'tomorrow' }, guests: { adults: 0, children: [{ age: 4 }, { age: 18 }] }, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const paths = res.body.error.detail.field_errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['stay.check_in', 'stay.check_out', 'guests.adults', 'guests.children[1].age', 'extra']));
    expect(paths).toHaveLength(5);
    for (const e of res.body.error.detail.field_errors) expect(typeof e.message).toBe('string');
  });

  it('reports missing required objects of an empty body', async () => {
    const res = await t.http().post('/__probe/validate');
    expect(res.status).toBe(400);
    const paths = res.body.error.detail.field_errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['stay', 'guests']));
  });

  it('answers malformed JSON with validation_failed', async () => {
    const res = await t.http().post('/__probe/validate').set('content-type', 'application/json').send('{"stay": ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.detail.field_errors).toHaveLength(1);
  });
});
