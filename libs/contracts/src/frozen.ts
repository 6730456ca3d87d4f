/** `value` and everything it holds, frozen: a copy kept in memory that its readers never write. */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) frozen(inner);
  }
  return value;
}
