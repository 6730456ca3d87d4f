import type { Policy } from '../catalog';

/** The current version of each policy lineage (property + code): the highest version number, sorted by code. */
export function currentPolicies(policies: Policy[]): Policy[] {
  const newest = new Map<string, Policy>();
  for (const policy of policies) {
    const key = `${policy.propertyId}/${policy.code}`;
    const seen = newest.get(key);
    if (!seen || Number(policy.version) > Number(seen.version)) newest.set(key, policy);
  }
  return [...newest.values()].sort((a, b) => a.code.localeCompare(b.code));
}
