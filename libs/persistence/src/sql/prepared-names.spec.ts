import { PreparedNames, processPrefix, UNNAMED_STATEMENTS } from './prepared-names';

describe('PreparedNames', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = new PreparedNames();
    expect(names.nameOf('SELECT 1')).toBeUndefined();
    const name = names.nameOf('SELECT 1');
    expect(name).toBe('hcs_p1');
    expect(names.nameOf('SELECT 1')).toBe(name);
    expect(names.nameOf('SELECT 2')).toBeUndefined();
    expect(names.nameOf('SELECT 2')).toBe('hcs_p2');
  });

  it('never names a text sent once, and names no more than its capacity', () => {
    const names = new PreparedNames(2);
    for (let i = 0; i < 100; i++) expect(names.nameOf(`SELECT ${i} -- once`)).toBeUndefined();
    for (const text of ['a', 'b', 'c']) names.nameOf(text);
    expect([names.nameOf('a'), names.nameOf('b'), names.nameOf('c')]).toEqual(['hcs_p1', 'hcs_p2', undefined]);
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it('forgets the texts seen once in bulk, so a flood of one-off texts cannot grow it', () => {
    const names = new PreparedNames(1);
    names.nameOf('kept');
    for (let i = 0; i < 7; i++) names.nameOf(`one-off ${i}`);
    expect(names.nameOf('kept')).toBe('hcs_p1');

    const flooded = new PreparedNames(1);
    flooded.nameOf('kept');
    // the eighth one-off finds 8 texts seen once (capacity * 8) and clears them first
    for (let i = 0; i < 8; i++) flooded.nameOf(`one-off ${i}`);
    expect(flooded.nameOf('kept')).toBeUndefined();
    expect(flooded.nameOf('kept')).toBe('hcs_p1');
  });
});

describe('statement names across processes', () => {
  it('gives each process a prefix of its own, so two processes never give two texts one name', () => {
    const api = new PreparedNames(8, processPrefix());
    const worker = new PreparedNames(8, processPrefix());
    for (const names of [api, worker]) names.nameOf(names === api ? 'SELECT 1' : 'SELECT 2');
    const [a, w] = [api.nameOf('SELECT 1'), worker.nameOf('SELECT 2')];
    expect(a).toMatch(/^hcs_[0-9a-f]{8}_p1$/);
    expect(w).toMatch(/^hcs_[0-9a-f]{8}_p1$/);
    expect(a).not.toBe(w);
    expect(api.qualify('search_destination')).toBe(`${a!.slice(0, -2)}search_destination`);
  });

  it('names nothing behind a transaction-mode pooler', () => {
    expect(UNNAMED_STATEMENTS.nameOf('SELECT 1')).toBeUndefined();
    expect(UNNAMED_STATEMENTS.nameOf('SELECT 1')).toBeUndefined();
    expect(UNNAMED_STATEMENTS.qualify('search_destination')).toBeUndefined();
  });
});
