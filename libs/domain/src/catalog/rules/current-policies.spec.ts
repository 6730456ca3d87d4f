import type { Policy } from '../catalog';
import { currentPolicies } from './current-policies';

const policy = (code: string, version: string, propertyId = 'p1'): Policy => ({
  id: `${propertyId}-${code}-${version}`,
  tenantId: 't',
  propertyId,
  code,
  version,
  cancellationKind: 'free_cancellation',
  freeCancellationHoursBeforeCheckin: 24,
  cancellationFeePctAfterCutoff: 50,
  childPolicyText: null,
  createdAt: new Date(0),
});

describe('currentPolicies', () => {
  it('keeps the highest version of each code (numerically), per property, sorted by code', () => {
    const current = currentPolicies([policy('flex', '2'), policy('nonref', '1'), policy('flex', '10'), policy('flex', '9'), policy('flex', '3', 'p2')]);
    expect(current.map((p) => p.id)).toEqual(['p1-flex-10', 'p2-flex-3', 'p1-nonref-1']);
  });

  it('is empty for no policies', () => {
    expect(currentPolicies([])).toEqual([]);
  });
});
