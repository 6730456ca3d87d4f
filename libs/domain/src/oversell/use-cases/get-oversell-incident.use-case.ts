import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { DomainError } from '../../errors/domain-error';
import { OversellIncidentRepository } from '../ports/oversell.repository';
import { OversellIncidentView, oversellIncidentView } from '../oversell.views';

export interface GetOversellIncidentCommand {
  id: string;
}

/** One oversell incident of the tenant (another tenant's id does not exist). */
@Injectable()
export class GetOversellIncident {
  constructor(private readonly incidents: OversellIncidentRepository) {}

  async execute(command: GetOversellIncidentCommand, actor: Caller): Promise<Outcome<OversellIncidentView>> {
    const incident = await this.incidents.findById(actor.tenantId, command.id);
    if (!incident) throw new DomainError('oversell_incident_not_found', { detail: { oversell_incident_id: command.id } });
    return new Outcome(oversellIncidentView(incident));
  }
}
