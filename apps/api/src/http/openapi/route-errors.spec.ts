import { describeRouteErrors, routeErrorCode, withRouteErrors } from './route-errors';

describe('route errors, listed once per route', () => {
  it('names each code with its catalog status and its note', () => {
    expect(describeRouteErrors(['validation_failed', ['allotment_exhausted', 'detail.dates'], 'quote_expired'])).toBe(
      'Errors: validation_failed (400), allotment_exhausted (409, detail.dates), quote_expired (410).',
    );
  });

  it('says nothing for a route without errors of its own, and keeps the prose before the sentence', () => {
    expect(describeRouteErrors([])).toBe('');
    expect(withRouteErrors('Next: confirm.', [])).toBe('Next: confirm.');
    expect(withRouteErrors(undefined, ['hold_not_found'])).toBe('Errors: hold_not_found (404).');
    expect(withRouteErrors(' Next: confirm. ', ['hold_not_found'])).toBe('Next: confirm. Errors: hold_not_found (404).');
  });

  it('reads the code of a noted error', () => {
    expect(routeErrorCode(['payment_failed', 'detail.provider_message'])).toBe('payment_failed');
    expect(routeErrorCode('payment_failed')).toBe('payment_failed');
  });
});
