import { QueryFailedError } from 'typeorm';
import { ERROR_CATALOG, ERROR_CODES, NextAction } from '@hcs/contracts';
import { DomainError } from '@hcs/domain';
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

describe('renderError of a domain error', () => {
  const TRACE = 'a'.repeat(32);
  const render = (error: DomainError) => renderError(toFailure(error), TRACE, 'http://docs.test/');

  it.each(ERROR_CODES)('renders %s with its catalogued status, message, remediation and next actions', (code) => {
    const { status, body } = render(new DomainError(code, { detail: { probe: true } }));
    const entry = ERROR_CATALOG[code];
    expect(status).toBe(entry.status);
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toEqual({
      code,
      message: entry.message,
      detail: { probe: true },
      remediation: entry.remediation,
      retry_after: null,
      docs_url: `http://docs.test/errors#${code}`,
      trace_id: TRACE,
      next_actions: entry.next_actions,
    });
  });

  it("keeps the error's own message, retry_after and next actions over the catalog's", () => {
    const nextActions: NextAction[] = [{ rel: 'requote', method: 'POST', href: '/v1/quotes' }];
    const { status, body } = render(new DomainError('quote_expired', { message: 'Quote q1 expired.', retryAfter: 7, nextActions }));
    expect(status).toBe(410);
    expect(body.error).toMatchObject({ code: 'quote_expired', message: 'Quote q1 expired.', retry_after: 7, next_actions: nextActions, detail: {} });
  });
});
