import type { FxRate } from '../../money/fx';

/** Port: FX table for display conversion. Tenant rows override platform rows for a pair. */
export abstract class FxRateRepository {
  abstract upsert(tenantId: string, rates: Array<{ base: string; quote: string; rate: number }>): Promise<void>;
  abstract listEffective(tenantId: string): Promise<FxRate[]>;
}
