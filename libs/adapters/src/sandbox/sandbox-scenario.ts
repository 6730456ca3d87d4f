/**
 * Sandbox scenarios (docs/sandbox.md): outside production, a chain request may ask for a named
 * failure, which then happens for real (same code, status, audit, webhooks, receipts and inventory
 * as the real failure), deterministically.
 */
export const SANDBOX_SCENARIO_HEADER = 'Sandbox-Scenario';
/** The MCP tools' argument carrying the same scenario. */
export const SANDBOX_SCENARIO_ARGUMENT = 'sandbox_scenario';

export const SANDBOX_SCENARIOS = {
  sold_out: 'POST /v1/holds: allotment_exhausted (409, detail.dates: every night), nothing reserved.',
  quote_expired: 'POST /v1/holds: the quote expires now; quote_expired (410) with a requote next action.',
  price_changed: 'POST /v1/quotes (a requote): every night costs 10% more than the rates say; the quote is stored at that price.',
  hold_expired: 'POST /v1/bookings: the hold expires now; hold_expired (410), its rooms go back, audit and webhook hold.expired, nothing charged.',
  payment_declined: 'POST /v1/bookings: the card is declined; payment_failed (402, detail.provider_message), audit payment.declined, the hold is held again.',
  payment_timeout_then_confirmed:
    'POST /v1/bookings: the provider answers after PAYMENT_TIMEOUT_MS + 2 s; payment_timeout (504), then the charge lands and the booking is confirmed (receipt, audit, webhook); a replay with the same key or a client_reference lookup finds it.',
  webhook_receiver_down:
    'POST /v1/bookings, POST /v1/bookings/{id}/cancel: the request succeeds; every webhook delivery of the events it wrote fails (as a receiver answering 503) through the retry schedule until an admin replays it.',
} as const;

export type SandboxScenarioName = keyof typeof SANDBOX_SCENARIOS;
export const SANDBOX_SCENARIO_NAMES = Object.keys(SANDBOX_SCENARIOS) as SandboxScenarioName[];

/** The scenarios each chain operation accepts (by capability id). */
export const SANDBOX_SCENARIOS_BY_CAPABILITY: Readonly<Record<string, readonly SandboxScenarioName[]>> = {
  create_quote: ['price_changed'],
  create_hold: ['sold_out', 'quote_expired'],
  confirm_booking: ['hold_expired', 'payment_declined', 'payment_timeout_then_confirmed', 'webhook_receiver_down'],
  cancel_booking: ['webhook_receiver_down'],
};

/** Why a requested scenario is refused (`validation_failed`), or null when it runs. */
export function sandboxScenarioProblem(value: unknown, accepted: readonly string[], production: boolean): string | null {
  if (production) return 'sandbox scenarios are refused in production';
  if (typeof value !== 'string' || !(SANDBOX_SCENARIO_NAMES as string[]).includes(value)) {
    return `must be one of ${SANDBOX_SCENARIO_NAMES.join(', ')} (docs/sandbox.md)`;
  }
  if (!accepted.includes(value)) {
    return accepted.length === 0 ? 'this operation takes no sandbox scenario' : `this operation takes ${accepted.join(', ')}`;
  }
  return null;
}

/** The payment token the sandbox provider is called with under a payment scenario (docs/booking-chain.md). */
export function sandboxPaymentToken(scenario: string | null): string | null {
  if (scenario === 'payment_declined') return 'tok_chargeDeclined';
  if (scenario === 'payment_timeout_then_confirmed') return 'tok_timeout';
  return null;
}

/** `price_changed`: a rate 10% above the real one, rounded half up to the minor unit. */
export function changedRate(amount: number): number {
  return Math.floor((amount * 11 + 5) / 10);
}
