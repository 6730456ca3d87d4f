import type { FieldError } from '../../errors/domain-error';
import type { ChannelAuth } from '../channel.types';

const MAX_CREDENTIAL_LENGTH = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(value: unknown, path: string, problems: FieldError[], allowColon: boolean): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_CREDENTIAL_LENGTH) {
    problems.push({ path, message: `must be a string of 1..${MAX_CREDENTIAL_LENGTH} characters` });
    return '';
  }
  if (/[\r\n\0]/.test(value) || (!allowColon && value.includes(':')))
    problems.push({ path, message: `must not contain line breaks${allowColon ? '' : ' or a colon'}` });
  return value;
}

/**
 * `auth`: `{type: "basic", username, password}` or `{type: "bearer", token}` and nothing else;
 * every problem at once. A basic user name cannot hold a colon (RFC 7617).
 */
export function channelAuthInput(auth: unknown, problems: FieldError[]): ChannelAuth | null {
  if (!isObject(auth) || (auth.type !== 'basic' && auth.type !== 'bearer')) {
    problems.push({ path: 'auth.type', message: 'must be basic or bearer' });
    return null;
  }
  const before = problems.length;
  const fields = auth.type === 'basic' ? ['type', 'username', 'password'] : ['type', 'token'];
  for (const key of Object.keys(auth))
    if (!fields.includes(key)) problems.push({ path: `auth.${key}`, message: `is not a field of a ${auth.type} credential` });
  if (auth.type === 'basic') {
    const username = text(auth.username, 'auth.username', problems, false);
    const password = text(auth.password, 'auth.password', problems, true);
    return problems.length === before ? { type: 'basic', username, password } : null;
  }
  const token = text(auth.token, 'auth.token', problems, true);
  return problems.length === before ? { type: 'bearer', token } : null;
}
