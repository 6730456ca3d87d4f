import fc from 'fast-check';
import type { HoldState } from '../chain.types';
import { HoldEvent, holdReservesInventory, holdStatesAllowing, holdTarget, nextHoldState } from './hold-state';

const STATES: HoldState[] = ['held', 'converting', 'converted', 'released', 'expired'];
const EVENTS: HoldEvent[] = ['release', 'expire', 'begin_conversion', 'complete_conversion', 'abort_conversion'];

describe('hold state transitions', () => {
  it('follows the documented machine', () => {
    expect(nextHoldState('held', 'release')).toBe('released');
    expect(nextHoldState('held', 'expire')).toBe('expired');
    expect(nextHoldState('held', 'begin_conversion')).toBe('converting');
    expect(nextHoldState('converting', 'complete_conversion')).toBe('converted');
    expect(nextHoldState('converting', 'abort_conversion')).toBe('held');
    expect(nextHoldState('converting', 'release')).toBeNull();
    expect(nextHoldState('converting', 'expire')).toBeNull();
    expect(nextHoldState('released', 'begin_conversion')).toBeNull();
  });

  it('never leaves a terminal state', () => {
    fc.assert(
      fc.property(fc.constantFrom<HoldState>('converted', 'released', 'expired'), fc.constantFrom(...EVENTS), (state, event) => {
        expect(nextHoldState(state, event)).toBeNull();
      }),
    );
  });

  it('agrees with the conditional-update helpers for every state and event', () => {
    for (const state of STATES) {
      for (const event of EVENTS) {
        const next = nextHoldState(state, event);
        expect(next !== null).toBe(holdStatesAllowing(event).includes(state));
        if (next) expect(next).toBe(holdTarget(event));
      }
    }
    expect(STATES.filter(holdReservesInventory)).toEqual(['held', 'converting']);
  });
});
