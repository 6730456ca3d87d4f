import type { Money } from '../money/money';
import type { Caller } from '../identity/principal';

/**
 * The caller of the booking chain: the one actor type of every use case (`Caller`: tenant,
 * principal and its kind) with the agent's booking limit. The auth library's `Actor` satisfies it.
 */
export interface ChainActor extends Caller {
  bookingLimit: Money | null;
}
