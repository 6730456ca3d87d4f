import { randomBytes } from 'node:crypto';

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** How long the previous secret keeps signing after a rotation (docs/events.md "Secrets"). */
export const SECRET_OVERLAP_SECONDS = 24 * 60 * 60;
