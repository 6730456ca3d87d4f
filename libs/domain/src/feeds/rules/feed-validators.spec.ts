import { isNotModified, strongEtag, toHttpSecond } from './feed-validators';

describe('feed validators', () => {
  const validators = { etag: strongEtag(['ari', 'tenant', 30]), lastModified: new Date('2026-11-23T10:00:00.750Z') };

  it('derives a strong, stable tag from the facts, different when a fact changes', () => {
    expect(validators.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(strongEtag(['ari', 'tenant', 30])).toBe(validators.etag);
    expect(strongEtag(['ari', 'tenant', 31])).not.toBe(validators.etag);
  });

  it('matches If-None-Match by weak comparison, any tag of a list, or *', () => {
    expect(isNotModified(validators, { ifNoneMatch: validators.etag })).toBe(true);
    expect(isNotModified(validators, { ifNoneMatch: `"other", W/${validators.etag}` })).toBe(true);
    expect(isNotModified(validators, { ifNoneMatch: '*' })).toBe(true);
    expect(isNotModified(validators, { ifNoneMatch: '"other"' })).toBe(false);
  });

  it('lets If-None-Match decide over If-Modified-Since', () => {
    expect(isNotModified(validators, { ifNoneMatch: '"other"', ifModifiedSince: 'Mon, 23 Nov 2026 11:00:00 GMT' })).toBe(false);
  });

  it('matches If-Modified-Since at or after the change, to the second', () => {
    expect(isNotModified(validators, { ifModifiedSince: 'Mon, 23 Nov 2026 10:00:00 GMT' })).toBe(true);
    expect(isNotModified(validators, { ifModifiedSince: 'Mon, 23 Nov 2026 09:59:59 GMT' })).toBe(false);
    expect(isNotModified(validators, { ifModifiedSince: 'yesterday' })).toBe(false);
    expect(toHttpSecond(validators.lastModified).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});
