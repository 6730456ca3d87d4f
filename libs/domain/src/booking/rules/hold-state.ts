import type { HoldState } from '../chain.types';

/**
 * What can happen to a hold. `begin_conversion` starts paying for it (POST /v1/bookings);
 * a successful payment completes the conversion, a declined or failed one aborts it (the hold is
 * `held` again and can be paid with another token under a new key).
 */
export type HoldEvent = 'release' | 'expire' | 'begin_conversion' | 'complete_conversion' | 'abort_conversion';

const TRANSITIONS: Record<HoldEvent, { from: HoldState[]; to: HoldState }> = {
  release: { from: ['held'], to: 'released' },
  expire: { from: ['held'], to: 'expired' },
  begin_conversion: { from: ['held'], to: 'converting' },
  complete_conversion: { from: ['converting'], to: 'converted' },
  abort_conversion: { from: ['converting'], to: 'held' },
};

/** The state after `event`, or null when the event is not allowed in `state`. */
export function nextHoldState(state: HoldState, event: HoldEvent): HoldState | null {
  const t = TRANSITIONS[event];
  return t.from.includes(state) ? t.to : null;
}

/** The states an event may start from (the WHERE of its conditional UPDATE). */
export function holdStatesAllowing(event: HoldEvent): HoldState[] {
  return [...TRANSITIONS[event].from];
}

export function holdTarget(event: HoldEvent): HoldState {
  return TRANSITIONS[event].to;
}

/** A hold keeps its rooms reserved (`held` counter) in these states. */
export function holdReservesInventory(state: HoldState): boolean {
  return state === 'held' || state === 'converting';
}
