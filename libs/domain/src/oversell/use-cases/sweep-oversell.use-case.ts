import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { OversellReconciler } from '../services/oversell-reconciler';
import { OversellIncidentRepository } from '../ports/oversell.repository';

const BATCH = 100;

/**
 * The worker's periodic sweep: every room type with an oversold night lacking an incident, or an
 * open incident whose night is fine again, is reconciled in its own tenant-scoped transaction.
 */
@Injectable()
export class SweepOversell {
  constructor(
    private readonly incidents: OversellIncidentRepository,
    private readonly reconciler: OversellReconciler,
  ) {}

  async sweep(): Promise<{ opened: number; resolved: number }> {
    const totals = { opened: 0, resolved: 0 };
    for (const { tenantId, roomTypeId } of await this.incidents.listToReconcile(BATCH)) {
      const result = await this.reconcileOne(tenantId, roomTypeId);
      totals.opened += result.opened;
      totals.resolved += result.resolved;
    }
    return totals;
  }

  @Transactional()
  async reconcileOne(tenantId: string, roomTypeId: string): Promise<{ opened: number; resolved: number }> {
    const { opened, resolved } = await this.reconciler.reconcile(tenantId, roomTypeId, 'sweep');
    return { opened: opened.length, resolved: resolved.length };
  }
}
