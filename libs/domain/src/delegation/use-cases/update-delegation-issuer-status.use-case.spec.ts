import { issuerTransitionAllowed } from './update-delegation-issuer-status.use-case';

describe('issuer status transitions', () => {
  it('lets active and suspended issuers move freely', () => {
    expect(issuerTransitionAllowed('active', 'suspended')).toBe(true);
    expect(issuerTransitionAllowed('suspended', 'active')).toBe(true);
    expect(issuerTransitionAllowed('active', 'revoked')).toBe(true);
    expect(issuerTransitionAllowed('suspended', 'revoked')).toBe(true);
  });

  it('makes revocation final', () => {
    expect(issuerTransitionAllowed('revoked', 'active')).toBe(false);
    expect(issuerTransitionAllowed('revoked', 'suspended')).toBe(false);
    expect(issuerTransitionAllowed('revoked', 'revoked')).toBe(true);
  });
});
