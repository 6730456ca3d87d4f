import type { NightCounts, OversellIncidentRecord } from '../oversell.types';

/** Rooms committed beyond the allotment (0 when the night is not oversold). */
export function overshoot(n: Pick<NightCounts, 'allotment' | 'held' | 'sold'>): number {
  return Math.max(0, n.held + n.sold - n.allotment);
}

/**
 * Whether an oversold night needs a new incident: not while one is open, and not while an admin's
 * resolution still covers it (the admin accepted that overshoot; the night is reported again only
 * when it grows).
 */
export function needsIncident(night: NightCounts, open: OversellIncidentRecord | null, lastAdminResolved: OversellIncidentRecord | null): boolean {
  if (overshoot(night) === 0 || open) return false;
  if (lastAdminResolved && overshoot(night) <= overshoot(lastAdminResolved)) return false;
  return true;
}
