import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a backend terminated by pg_terminate_backend', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server shutting down', pgError('57P03', 'the database system is shutting down')],
    ['a write sent to a server in recovery during a failover', pgError('25006', 'cannot execute INSERT in a read-only transaction')],
    ['a connection exception', pgError('08006', 'connection failure')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a refused socket', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a socket closed mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ["a server gone silent (the client's own statement bound)", new Error('Query read timeout')],
    ['a transaction whose runner was released by a connection error', new QueryRunnerAlreadyReleasedError()],
    ['a query on such a runner', new QueryRunnerProviderAlreadyReleasedError()],
    ['a wrapped driver error', new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection due to administrator command'))],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value violates unique constraint'))],
    ['a CHECK violation', pgError('23514', 'new row violates check constraint')],
    ['a statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'boom'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
