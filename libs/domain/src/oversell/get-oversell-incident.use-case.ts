import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../errors/domain-error';
import { OversellIncidentRepository } from './oversell.repository';
import { OversellIncidentView, oversellIncidentView } from './oversell.views';

/** One oversell incident of the tenant (another tenant's id does not exist). */
@Injectable()
export class GetOversellIncident {
  constructor(private readonly incidents: OversellIncidentRepository) {}

  async execute(tenantId: string, id: string): Promise<Outcome<OversellIncidentView>> {
    const incident = await this.incidents.findById(tenantId, id);
    if (!incident) throw new DomainError('oversell_incident_not_found', { detail: { oversell_incident_id: id } });
    return new Outcome(oversellIncidentView(incident));
  }
}
