import { Outcome, OutcomeMeta, renderSuccess } from './envelope';
import { KeptOutcome } from './kept-outcome';

describe('KeptOutcome', () => {
  const data = {
    id: 'p-1',
    name: 'Quote "here", a \\ backslash, ünïcode and \u2028',
    trace_id: 'a field of the data with the same name',
    room_types: [{ id: 'r-1', rate_plans: [{ id: 'rp-1', base_rate: { amount: 12000, currency: 'EUR' } }] }],
    nothing: null,
    left_out: undefined,
  };
  const meta: OutcomeMeta = { next_actions: [{ rel: 'quote', method: 'POST', href: '/v1/quotes', body_hint: { hotel_id: 'p-1' } }] };

  it('renders the very text of the envelope, for any trace id', () => {
    const kept = new KeptOutcome(structuredClone(data), structuredClone(meta));

    for (const traceId of ['0af7651916cd43dd8448eb211c80319c', 'a "quoted" id', '']) {
      expect(kept.renderText(traceId)).toBe(JSON.stringify(renderSuccess(new Outcome(data, meta), traceId)));
    }
  });

  it('keeps expires_at and receipt where the envelope puts them, and an empty next_actions', () => {
    const full = { expires_at: '2026-11-27T10:00:00.000Z', receipt: { jws: 'x.y.z' } as never };

    expect(new KeptOutcome({ a: 1 }, full).renderText('t')).toBe(JSON.stringify(renderSuccess(new Outcome({ a: 1 }, full), 't')));
    expect(new KeptOutcome({ a: 1 }).renderText('t')).toBe('{"data":{"a":1},"trace_id":"t","next_actions":[]}');
  });

  it('freezes what it holds, all the way down, and refuses a status or headers of its own', () => {
    const kept = new KeptOutcome(structuredClone(data), structuredClone(meta));

    expect(Object.isFrozen(kept.data.room_types[0].rate_plans[0].base_rate)).toBe(true);
    expect(Object.isFrozen(kept.meta.next_actions?.[0].body_hint)).toBe(true);
    expect(() => new KeptOutcome({}, { status: 201 })).toThrow(/status or headers/);
    expect(() => new KeptOutcome({}, { headers: { etag: 'x' } })).toThrow(/status or headers/);
  });
});
