import { LINK_REMOVED, linkSpans, withoutLinks } from './follow-up-plain-text';

/** Anything a mail client could link, or a reader could type into a browser. */
const URL_LIKE = /[a-z]+:\/\/|www\.|[a-z0-9-]+\.(?:example|com|net|io|ly|xyz|рф)\b|@|\d+\.\d+\.\d+\.\d+/i;

describe('withoutLinks (docs/follow-ups.md "Sender and links")', () => {
  it('drops the URL of the audit attack string and keeps its words', () => {
    const attack = 'Your card was charged – dispute at https://evil.example/dispute?case=8812&x=1';
    expect(withoutLinks(attack)).toBe(`Your card was charged – dispute at ${LINK_REMOVED}`);
  });

  it.each([
    ['http://evil.example', LINK_REMOVED],
    ['HTTPS://EVIL.EXAMPLE/PAY', LINK_REMOVED],
    ['hxxps://evil.example/pay', LINK_REMOVED],
    ['ftp://198.51.100.7/x', LINK_REMOVED],
    ['https:\\\\evil.example', LINK_REMOVED],
    ['see www.evil.example now', `see ${LINK_REMOVED} now`],
    ['www.x', LINK_REMOVED],
    ['dispute at evil.example/path?a=1', `dispute at ${LINK_REMOVED}`],
    ['paypal-disputes.com', LINK_REMOVED],
    ['refunds.evil.example:8443/x', LINK_REMOVED],
    ['(evil.example)', `(${LINK_REMOVED})`],
    ['at…evil.example', `at…${LINK_REMOVED}`],
    ['t.co/x', LINK_REMOVED],
    ['mail pay@evil.example', `mail ${LINK_REMOVED}`],
    ['mailto:pay@evil.example', LINK_REMOVED],
    ['call tel:+15550100', `call ${LINK_REMOVED}`],
    ['javascript:alert(1)', LINK_REMOVED],
    ['203.0.113.9/pay', LINK_REMOVED],
    ['[2001:db8::1]/pay', LINK_REMOVED],
    ['xn--80ak6aa92e.com', LINK_REMOVED],
    ['пример.рф', LINK_REMOVED],
  ])('%s', (text, expected) => {
    expect(withoutLinks(text)).toBe(expected);
  });

  it.each([
    ['fullwidth dot', 'evil\uff0eexample/pay'],
    ['ideographic full stop', 'evil\u3002example'],
    ['halfwidth ideographic full stop', 'evil\uff61example'],
    ['fullwidth scheme, colon and slashes', '\uff48\uff54\uff54\uff50\uff53\uff1a\uff0f\uff0fevil\uff0eexample'],
    ['zero-width space inside the name', 'evil\u200b.example'],
    ['soft hyphen inside the scheme', 'ht\u00adtps://evil.example'],
    ['one dot leader', 'evil\u2024example'],
  ])('reads look-alike characters as a client does: %s', (_what, text) => {
    expect(withoutLinks(`pay at ${text} today`)).toBe(`pay at ${LINK_REMOVED} today`);
  });

  it.each([
    "O'Brien",
    'Anne-Marie Dubois',
    'J. R. R. Tolkien',
    'J.R.R. Tolkien',
    'Dr. Ng',
    'Ma. Teresa Núñez',
    'Seán Ó Briain',
    'Zoë Saldaña-Perez',
    'Nguyễn Thị Minh Khai',
    '李小龙',
    'Σωκράτης',
    'Hotel Mar',
    'Rua Augusta 1, 1100-048 Lisboa, PT',
    'P.O. Box 12, St. Louis',
    'Room 3.5 m², 15:00',
    'Ends with a dot.',
  ])('keeps a plain name or address as written: %s', (text) => {
    expect(withoutLinks(text)).toBe(text);
    expect(linkSpans(text)).toEqual([]);
  });

  it('leaves no URL in any variant of the attack', () => {
    const variants = [
      'Your card was charged – dispute at https://evil.example/d',
      'Your card was charged – dispute at http://evil.example/d',
      'Your card was charged – dispute at www.evil.example/d',
      'Your card was charged – dispute at evil.example/d',
      'Your card was charged – dispute at evil\uff0eexample/d',
      'Your card was charged – call 203.0.113.9 or write pay@evil.example',
    ];
    for (const v of variants) expect(withoutLinks(v)).not.toMatch(URL_LIKE);
  });

  it('keeps the original characters outside the dropped parts', () => {
    expect(withoutLinks('Ｍａｒｉａ see evil.example')).toBe(`Ｍａｒｉａ see ${LINK_REMOVED}`);
  });
});
