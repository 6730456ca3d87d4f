import { needsIncident, overshoot } from './oversell-rules';
import type { OversellIncidentRecord } from '../oversell.types';

const night = (allotment: number, held: number, sold: number) => ({ night: '2027-05-10', allotment, held, sold });
const incident = (allotment: number, held: number, sold: number, state: 'open' | 'resolved' = 'open') =>
  ({ ...night(allotment, held, sold), state }) as unknown as OversellIncidentRecord;

describe('oversell rules', () => {
  it('overshoot is what is held and sold beyond the allotment', () => {
    expect(overshoot(night(2, 1, 3))).toBe(2);
    expect(overshoot(night(2, 0, 2))).toBe(0);
  });

  it('an oversold night needs an incident unless one is open or an admin accepted at least this overshoot', () => {
    expect(needsIncident(night(1, 0, 2), null, null)).toBe(true);
    expect(needsIncident(night(2, 0, 2), null, null)).toBe(false);
    expect(needsIncident(night(1, 0, 2), incident(1, 0, 2), null)).toBe(false);
    expect(needsIncident(night(1, 0, 2), null, incident(1, 0, 2, 'resolved'))).toBe(false);
    expect(needsIncident(night(0, 0, 2), null, incident(1, 0, 2, 'resolved'))).toBe(true);
  });
});
