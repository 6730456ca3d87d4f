import { nulProblems } from './nul-bytes';

describe('nulProblems', () => {
  it('names every string and key holding a NUL character, at any depth', () => {
    expect(nulProblems({ name: 'a\u0000b', guest: { primary: { email: 'x@y.z', phone: '\u0000' } }, tags: ['ok', 'n\u0000'], n: 1 })).toEqual([
      { path: 'guest.primary.phone', message: expect.stringContaining('NUL') },
      { path: 'name', message: expect.stringContaining('NUL') },
      { path: 'tags[1]', message: expect.stringContaining('NUL') },
    ]);
    expect(nulProblems({ ['ci\u0000ty']: 'x' })).toEqual([{ path: 'ci\\u0000ty', message: expect.stringContaining('NUL') }]);
  });

  it('finds nothing in clean values and survives deep nesting', () => {
    expect(nulProblems({ a: 'clean', b: [1, null, true, { c: 'ünïcødé' }] })).toEqual([]);
    const deep = JSON.parse('{"a":'.repeat(10_000) + '"\\u0000"' + '}'.repeat(10_000)) as unknown;
    expect(nulProblems(deep)).toHaveLength(1);
    expect(nulProblems('\u0000', 'cursor')).toEqual([{ path: 'cursor', message: expect.stringContaining('NUL') }]);
  });
});
