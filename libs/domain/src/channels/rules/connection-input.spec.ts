import type { FieldError } from '../../errors/domain-error';
import { channelAuthInput } from './connection-input';

const read = (auth: unknown) => {
  const problems: FieldError[] = [];
  return { auth: channelAuthInput(auth, problems), paths: problems.map((p) => p.path) };
};

describe('channelAuthInput (docs/channels-out.md "Connections")', () => {
  it('reads a basic and a bearer credential', () => {
    expect(read({ type: 'basic', username: 'hcs', password: 'p:w' })).toEqual({ auth: { type: 'basic', username: 'hcs', password: 'p:w' }, paths: [] });
    expect(read({ type: 'bearer', token: 't' })).toEqual({ auth: { type: 'bearer', token: 't' }, paths: [] });
  });

  it('names every problem at once: type, missing or bad values, a colon in the user name, unknown fields', () => {
    expect(read(null).paths).toEqual(['auth.type']);
    expect(read({ type: 'digest' }).paths).toEqual(['auth.type']);
    expect(read({ type: 'basic', username: 'a:b', password: 'x\ny', token: 't' })).toEqual({
      auth: null,
      paths: ['auth.token', 'auth.username', 'auth.password'],
    });
    expect(read({ type: 'bearer', token: 'x'.repeat(1001) }).paths).toEqual(['auth.token']);
    expect(read({ type: 'bearer' }).paths).toEqual(['auth.token']);
  });
});
