/**
 * The booking-chain steps counted in `hcs_chain_outcomes_total`, keyed by method and route
 * template: the one place that knows which routes are chain steps (docs/operations.md).
 */
const CHAIN_STEPS: Record<string, string> = {
  'POST /v1/quotes': 'quote',
  'POST /v1/holds': 'hold',
  'POST /v1/bookings': 'booking',
  'POST /v1/bookings/{id}/cancel': 'cancel',
  'POST /v1/admin/bookings/{id}/cancel': 'cancel',
};

export function chainStep(method: string, route: string): string | null {
  return CHAIN_STEPS[`${method} ${route}`] ?? null;
}
