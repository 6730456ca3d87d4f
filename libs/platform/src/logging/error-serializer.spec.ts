import { QueryFailedError } from 'typeorm';
import { maskQuotedInput, serializeError } from './error-serializer';

const CARD = 'tok_visa_4242_secret';
const GUEST = { full_name: 'Ana Secret-Guest', email: 'ana.secret@example.com', phone: '+34600111222' };

function databaseError(): QueryFailedError {
  const driverError = Object.assign(new Error('new row for relation "bookings" violates check constraint "bookings_guest_check"'), {
    code: '23514',
    detail: `Failing row contains (${GUEST.full_name}, ${GUEST.email}, ${GUEST.phone}, ${CARD}).`,
    table: 'bookings',
    constraint: 'bookings_guest_check',
    parameters: [CARD],
  });
  return new QueryFailedError('INSERT INTO bookings (guest) VALUES ($1, $2)', [JSON.stringify(GUEST), CARD], driverError);
}

describe('serializeError', () => {
  it('drops the statement, its parameters and the driver detail at every depth, keeping what explains the failure', () => {
    const out = serializeError(databaseError());
    const text = JSON.stringify(out);
    for (const secret of [CARD, GUEST.full_name, GUEST.email, GUEST.phone, 'INSERT INTO']) expect(text).not.toContain(secret);
    expect(out).toMatchObject({ type: 'QueryFailedError', code: '23514', table: 'bookings', constraint: 'bookings_guest_check' });
    expect(out.message).toContain('bookings_guest_check');
    expect(out.driverError).toMatchObject({ code: '23514' });
    expect(out).not.toHaveProperty('parameters');
    expect(out).not.toHaveProperty('query');
    expect(out).not.toHaveProperty('detail');
  });

  it('follows cause and aggregated errors, and survives cycles', () => {
    const inner = databaseError();
    const outer = new Error('booking failed', { cause: inner });
    const aggregate = new AggregateError([inner], 'many');
    const cyclic = Object.assign(new Error('loop'), { self: undefined as unknown });
    cyclic.self = cyclic;
    for (const error of [outer, aggregate, cyclic]) expect(JSON.stringify(serializeError(error))).not.toContain(CARD);
    expect(serializeError(outer).cause).toMatchObject({ type: 'QueryFailedError' });
    expect(serializeError(aggregate).errors).toEqual([expect.objectContaining({ type: 'QueryFailedError', code: '23514' })]);
  });

  it('masks input Postgres quotes into its messages', () => {
    expect(maskQuotedInput('invalid input syntax for type uuid: "ana.secret@example.com"')).toBe('invalid input syntax for type uuid: [redacted]');
    expect(maskQuotedInput('invalid input value for enum booking_state: "Ana"')).toBe('invalid input value for enum booking_state: [redacted]');
    expect(maskQuotedInput('duplicate key value violates unique constraint "x"')).toBe('duplicate key value violates unique constraint "x"');
  });

  it('answers plain values and objects too', () => {
    expect(serializeError('plain')).toBe('plain');
    expect(serializeError({ message: 'm', parameters: [CARD] })).toEqual({ message: 'm' });
  });
});
