/** Variables whose values may carry credentials (user:password@ in a URL, or a secret itself). */
const URL_WITH_CREDENTIALS = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i;

/**
 * A configuration value as it may appear in an error message: the user info of a URL
 * (`postgres://user:secret@host`) becomes `***`, so a bad DATABASE_URL or REDIS_URL never prints
 * its password.
 */
export function maskCredentials(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (URL_WITH_CREDENTIALS.test(value)) return value.replace(URL_WITH_CREDENTIALS, '$1***@');
  // Unparseable values that still look like they carry a password (`user:pw@host`).
  return value.replace(/:[^:@/\s]+@/, ':***@');
}
