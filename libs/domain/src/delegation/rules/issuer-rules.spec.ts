import { issuerKeysProblems, jwksProblems, jwksUrlProblem } from './issuer-rules';

const ec = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' };

describe('jwksUrlProblem', () => {
  it('accepts https to public hosts only, by default', () => {
    expect(jwksUrlProblem('https://issuer.example.com/.well-known/jwks.json', false)).toBeNull();
    expect(jwksUrlProblem('http://issuer.example.com/jwks', false)).toMatch(/https/);
    expect(jwksUrlProblem('https://127.0.0.1/jwks', false)).toMatch(/public host/);
    expect(jwksUrlProblem('http://localhost:8080/jwks', false)).toMatch(/public host/);
    expect(jwksUrlProblem('https://10.1.2.3/jwks', false)).toMatch(/public host/);
    expect(jwksUrlProblem('https://[::1]/jwks', false)).toMatch(/public host/);
    expect(jwksUrlProblem('ftp://issuer.example.com/jwks', false)).toMatch(/https/);
    expect(jwksUrlProblem('not a url', false)).toMatch(/absolute URL/);
    expect(jwksUrlProblem('https://user:pw@issuer.example.com/jwks', false)).toMatch(/credentials/);
  });

  it('allows loopback over http when private targets are allowed', () => {
    expect(jwksUrlProblem('http://127.0.0.1:9999/jwks', true)).toBeNull();
    expect(jwksUrlProblem('http://localhost/jwks', true)).toBeNull();
    expect(jwksUrlProblem('https://192.168.1.10/jwks', true)).toBeNull();
    expect(jwksUrlProblem('http://192.168.1.10/jwks', true)).toBeNull();
  });
});

describe('jwksProblems', () => {
  it('accepts public EC and RSA keys', () => {
    expect(jwksProblems({ keys: [ec, { kty: 'RSA', n: 'n', e: 'AQAB', alg: 'RS256' }] })).toEqual([]);
  });

  it('rejects private members, symmetric keys, other algorithms and empty sets with paths', () => {
    expect(jwksProblems({ keys: [{ ...ec, d: 'secret' }] })).toEqual([{ path: 'jwks.keys[0]', message: expect.stringMatching(/public key/) }]);
    expect(jwksProblems({ keys: [{ kty: 'oct', k: 'abc' }] }).map((p) => p.path)).toEqual(['jwks.keys[0].kty', 'jwks.keys[0]']);
    expect(jwksProblems({ keys: [{ ...ec, alg: 'HS256' }] }).map((p) => p.path)).toEqual(['jwks.keys[0].alg']);
    expect(jwksProblems({ keys: [] })).toHaveLength(1);
    expect(jwksProblems({})).toEqual([{ path: 'jwks.keys', message: expect.any(String) }]);
  });
});

describe('issuerKeysProblems', () => {
  it('needs exactly one key source', () => {
    expect(issuerKeysProblems({}, false)).toHaveLength(1);
    expect(issuerKeysProblems({ jwks: { keys: [ec] }, jwksUrl: 'https://a.example/jwks' }, false)).toHaveLength(1);
    expect(issuerKeysProblems({ jwks: { keys: [ec] } }, false)).toEqual([]);
    expect(issuerKeysProblems({ jwksUrl: 'https://a.example/jwks' }, false)).toEqual([]);
  });
});
