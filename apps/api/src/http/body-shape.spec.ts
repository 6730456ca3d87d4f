import { bodyShapeProblems, MAX_BODY_DEPTH } from './body-shape';

describe('bodyShapeProblems', () => {
  it('accepts ordinary bodies', () => {
    expect(bodyShapeProblems({ a: [1, 0, -2.5, 0.000001, { b: 'constructor' }], c: null })).toEqual([]);
  });

  it('names every prototype key with its path', () => {
    const body = JSON.parse('{"hold_id":{"constructor":{}},"x":[{"__proto__":1}],"prototype":true}') as unknown;
    expect(bodyShapeProblems(body).map((p) => p.path)).toEqual(['hold_id.constructor', 'prototype', 'x[0].__proto__']);
  });

  it('stops at the depth limit without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    const problems = bodyShapeProblems(deep);
    expect(problems).toEqual([{ path: '[0]'.repeat(MAX_BODY_DEPTH), message: `nests deeper than ${MAX_BODY_DEPTH} levels` }]);
  });

  it('refuses numbers beyond the safe integers and below a millionth (exponent form)', () => {
    expect(bodyShapeProblems({ a: 1e21, b: -(2 ** 53) - 2, c: 1e-323, d: 2 ** 53 - 1, e: 1e-6 }).map((p) => p.path)).toEqual(['a', 'b', 'c']);
  });
});
