/**
 * Paths pino removes from every log line: credentials, delegation and access tokens, card tokens
 * and secrets wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-delegated-user"]',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.secret',
  '*.client_secret',
  '*.api_key',
  '*.admin_api_key',
  '*.access_token',
  '*.provider_token',
  '*.delegation_token',
  '*.password',
  '*.signing_key',
];
