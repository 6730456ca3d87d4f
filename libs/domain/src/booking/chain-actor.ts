import type { Money } from '../money/money';
import type { PrincipalKind } from '../identity/principal';

/** The caller as use cases need it (the auth library's `Actor` satisfies it). */
export interface ChainActor {
  tenantId: string;
  principalId: string;
  kind: PrincipalKind;
  bookingLimit: Money | null;
}
