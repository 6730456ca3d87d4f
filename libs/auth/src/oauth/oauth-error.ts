/** RFC 6749 §5.2 error codes of the token endpoint, plus ours for a service without OAuth. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'oauth_not_configured'
  | 'oauth_metadata_not_configured';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  oauth_not_configured: 404,
  oauth_metadata_not_configured: 404,
};

/**
 * A token endpoint or OAuth metadata failure. These live outside the error envelope and the catalog (docs/api-contract.md "Error envelope": flat
 * `{error, error_description}`), so they are not DomainErrors; only the OAuth controller renders them.
 */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly error: OAuthErrorCode,
    readonly description?: string,
    /** Set when the client authenticated with HTTP Basic: a 401 then names the scheme (RFC 6749 §5.2). */
    readonly basicChallenge = false,
  ) {
    super(description ?? error);
    this.name = 'OAuthError';
    this.status = STATUS[error];
  }

  get body(): { error: string; error_description?: string } {
    return this.description === undefined ? { error: this.error } : { error: this.error, error_description: this.description };
  }
}
