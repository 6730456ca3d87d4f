/**
 * How a modification moves a room between two stays of the same room type: the nights only the
 * old stay has give their room back (`sold - 1`), the nights only the new stay has take one
 * (`sold + 1` where a room is free); nights both share stay as they are. Each list in date order.
 */
export function stayMove(oldNights: string[], newNights: string[]): { release: string[]; take: string[] } {
  const before = new Set(oldNights);
  const after = new Set(newNights);
  return { release: oldNights.filter((n) => !after.has(n)).sort(), take: newNights.filter((n) => !before.has(n)).sort() };
}
