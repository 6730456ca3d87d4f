import { messageLinkProblem } from './follow-up-links';

describe('follow-up messages are plain text (docs/follow-ups.md "Sender and links")', () => {
  it('passes ordinary hotel text', () => {
    for (const text of [
      'Your room will be ready at 3 p.m. Breakfast is served 7-10 a.m., e.g. eggs, i.e. a full buffet.',
      'Mr. Smith, the spa costs 1.5 EUR per minute; parking is 3.50 a day.',
      'Late check-in after 22:00? Call the front desk.',
      'Olá! O quarto estará pronto às 15h.',
    ]) {
      expect(messageLinkProblem(text, [])).toBeNull();
    }
  });

  it('refuses every form of link when the tenant allows none', () => {
    for (const text of [
      'Pay here: https://evil.example/pay',
      'http://evil.example',
      'see www.evil.example now',
      'go to evil.example/login',
      'visit EVIL.COM',
      'mail billing@evil.example',
      'mailto:billing@evil.example',
      'open 10.0.0.1 in a browser',
      '<a href="x">click</a>',
      '[click](x)',
      'javascript:alert(1)',
      'ftp://files.evil.example',
    ]) {
      expect(messageLinkProblem(text, [])).toMatch(/must be plain text/);
    }
  });

  it("allows https links, names and addresses of the tenant's own domains (and subdomains) only", () => {
    const own = ['hotel.example'];
    expect(messageLinkProblem('Menu: https://hotel.example/menu and https://spa.hotel.example/book?x=1', own)).toBeNull();
    expect(messageLinkProblem('Write to desk@hotel.example or see hotel.example', own)).toBeNull();
    expect(messageLinkProblem('Menu: http://hotel.example/menu', own)).toMatch(/only https links to hotel.example/);
    expect(messageLinkProblem('https://hotel.example.evil.example/x', own)).toMatch(/must be plain text/);
    expect(messageLinkProblem('https://evilhotel.example/x', own)).toMatch(/must be plain text/);
    expect(messageLinkProblem('https://hotel.example@evil.example/x', own)).toMatch(/must be plain text/);
  });
});
