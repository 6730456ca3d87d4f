import { CLIENT_CAPABILITIES_META_KEY, inputRequired, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolAnswer } from './mcp-tool-runner';

/** The key of the URL elicitation a tool result asks for when a payment waits for the traveler. */
export const AUTHENTICATE_PAYMENT = 'authenticate_payment';

const record = (value: unknown): Record<string, unknown> | null => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null);

/** The issuer page of a `payment_action_required` answer, or null for any other answer. */
export function paymentActionUrl(answer: ToolAnswer): string | null {
  if (answer.ok) return null;
  const error = answer.envelope.error;
  if (error.code !== 'payment_action_required') return null;
  const url = record(error.detail)?.action_url;
  return typeof url === 'string' ? url : null;
}

/** Whether a request's `_meta` envelope declares URL-mode elicitation (`capabilities.elicitation.url`). */
export function declaresUrlElicitation(envelope: unknown): boolean {
  const capabilities = record(record(envelope)?.[CLIENT_CAPABILITIES_META_KEY]);
  return record(record(capabilities?.elicitation)?.url) !== null;
}

/**
 * A booking whose payment waits for the traveler, told to a 2026-07-28 client that declared URL
 * elicitation (docs/mcp.md "Payment authentication"): an input-required result asking it to open
 * the issuer's page; the client retries the same call (same idempotency_key) once the traveler is
 * done, and the retry answers the booking or the decline. A retry that already carries the
 * traveler's response while the payment still waits gets the tool error (402 with retry_after)
 * instead of the same page again. Null: the tool result as usual.
 */
export function paymentActionElicitation(
  answer: ToolAnswer,
  envelope: unknown,
  inputResponses: Record<string, unknown> | undefined,
): InputRequiredResult | null {
  const url = paymentActionUrl(answer);
  if (!url || !declaresUrlElicitation(envelope) || inputResponses?.[AUTHENTICATE_PAYMENT] !== undefined) return null;
  return inputRequired({
    inputRequests: {
      [AUTHENTICATE_PAYMENT]: inputRequired.elicitUrl({
        message: 'The card issuer asks the traveler to authenticate this payment. Open the page, then call the tool again with the same arguments.',
        url,
      }),
    },
  });
}
