import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { DomainError } from '../../errors/domain-error';
import { OversellIncidentRepository } from '../ports/oversell.repository';
import { OversellIncidentView, oversellIncidentView } from '../oversell.views';

export interface ResolveOversellIncidentCommand {
  id: string;
  note: string;
}

/**
 * An admin closes an incident with a note (the guests were walked, the room came back...), whether
 * or not the counters are fine again. Resolving a resolved incident answers it unchanged.
 */
@Injectable()
export class ResolveOversellIncident {
  constructor(private readonly incidents: OversellIncidentRepository) {}

  @Transactional()
  async execute(input: ResolveOversellIncidentCommand, actor: Caller): Promise<Outcome<OversellIncidentView>> {
    const { tenantId, principalId: adminId } = actor;
    const incident = await this.incidents.findById(tenantId, input.id);
    if (!incident) throw new DomainError('oversell_incident_not_found', { detail: { oversell_incident_id: input.id } });
    const resolved = (await this.incidents.resolveByAdmin(tenantId, input.id, adminId, input.note)) ?? (await this.incidents.findById(tenantId, input.id));
    return new Outcome(oversellIncidentView(resolved ?? incident));
  }
}
