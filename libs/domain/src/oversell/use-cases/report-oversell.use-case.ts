import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { DomainError } from '../../errors/domain-error';
import { OversellReconciler } from '../services/oversell-reconciler';
import { overshoot } from '../rules/oversell-rules';
import { OversellIncidentRepository } from '../ports/oversell.repository';
import { OversellIncidentView, oversellIncidentView } from '../oversell.views';

export interface ReportOversellCommand {
  roomTypeId: string;
  date: string;
}

/**
 * An admin reports a night as oversold: the open incident of that night (200), or a new one
 * (201, with `oversell.detected`) when the counters confirm it; `oversell_not_detected` otherwise.
 */
@Injectable()
export class ReportOversell {
  constructor(
    private readonly incidents: OversellIncidentRepository,
    private readonly reconciler: OversellReconciler,
  ) {}

  @Transactional()
  async execute(input: ReportOversellCommand, actor: Caller): Promise<Outcome<OversellIncidentView>> {
    const tenantId = actor.tenantId;
    const counts = await this.incidents.nightCounts(tenantId, input.roomTypeId, input.date);
    if (!counts) throw new DomainError('room_type_not_found', { detail: { room_type_id: input.roomTypeId } });
    if (overshoot(counts) === 0) {
      throw new DomainError('oversell_not_detected', {
        detail: { room_type_id: input.roomTypeId, date: input.date, allotment: counts.allotment, held: counts.held, sold: counts.sold },
      });
    }
    const open = await this.incidents.findOpen(tenantId, input.roomTypeId, input.date);
    if (open) return new Outcome(oversellIncidentView(open), { status: 200 });
    const opened = await this.reconciler.openIncident(tenantId, input.roomTypeId, counts, 'report');
    // A concurrent report or sweep opened it first: answer with that one.
    const incident = opened ?? (await this.incidents.findOpen(tenantId, input.roomTypeId, input.date));
    if (!incident) throw new Error(`oversell incident of ${input.roomTypeId} on ${input.date} vanished while being reported`);
    return new Outcome(oversellIncidentView(incident), { status: opened ? 201 : 200 });
  }
}
