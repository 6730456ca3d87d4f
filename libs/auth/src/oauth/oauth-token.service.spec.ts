import { grantedScopes } from './oauth-token.service';
import { OAuthError } from './oauth-error';

describe('grantedScopes', () => {
  it('grants every scope of the agent when none is asked', () => {
    expect(grantedScopes(undefined, ['catalog:read', 'booking:read'])).toEqual(['catalog:read', 'booking:read']);
  });

  it('narrows to the requested subset, deduplicated, in canonical order', () => {
    expect(grantedScopes('booking:read  catalog:read booking:read', ['catalog:read', 'booking:write', 'booking:read'])).toEqual([
      'catalog:read',
      'booking:read',
    ]);
  });

  it.each([
    ['booking:write', ['catalog:read']],
    ['catalog:read admin', ['catalog:read']],
    ['', ['catalog:read']],
  ])('refuses %p for an agent with %p as invalid_scope', (requested, agentScopes) => {
    let error: unknown;
    try {
      grantedScopes(requested, agentScopes as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).error).toBe('invalid_scope');
    expect((error as OAuthError).status).toBe(400);
  });
});
