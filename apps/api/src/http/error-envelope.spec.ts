import { QueryFailedError } from 'typeorm';
import { renderError, toFailure } from './error-envelope';

describe('toFailure for database failures', () => {
  it('answers a terminated connection with service_unavailable, 503 and retry_after, not internal_error', () => {
    const terminated = new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    const failure = toFailure(terminated);
    expect(failure).toMatchObject({ code: 'service_unavailable', retryAfter: 2, detail: {} });
    const { status, body } = renderError(failure, '0'.repeat(32), 'http://docs.test');
    expect(status).toBe(503);
    expect(body.error).toMatchObject({ code: 'service_unavailable', retry_after: 2, detail: {} });
    expect(JSON.stringify(body)).not.toContain('administrator command');
  });

  it('answers a pool that hands out no connection in time with service_unavailable', () => {
    expect(toFailure(new Error('timeout exceeded when trying to connect')).code).toBe('service_unavailable');
  });

  it('keeps a statement the database refused as internal_error', () => {
    const violation = new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(toFailure(violation).code).toBe('internal_error');
  });
});
