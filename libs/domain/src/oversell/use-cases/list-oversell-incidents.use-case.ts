import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Caller } from '../../identity/principal';
import { decodeIncidentCursor, encodeIncidentCursor } from '../rules/oversell-cursor';
import { OversellIncidentRepository } from '../ports/oversell.repository';
import type { OversellIncidentState } from '../oversell.types';
import { OversellIncidentView, oversellIncidentView } from '../oversell.views';

export interface ListOversellIncidentsQuery {
  state: OversellIncidentState | null;
  limit: number;
  cursor: string | null;
}

/** The tenant's oversell incidents, newest first, cursor paged, optionally by state. */
@Injectable()
export class ListOversellIncidents {
  constructor(private readonly incidents: OversellIncidentRepository) {}

  async execute(query: ListOversellIncidentsQuery, actor: Caller): Promise<Outcome<{ items: OversellIncidentView[]; next_cursor: string | null }>> {
    const after = query.cursor ? decodeIncidentCursor(query.cursor) : null;
    const rows = await this.incidents.list(actor.tenantId, { state: query.state, after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const next = rows.length > query.limit && last ? encodeIncidentCursor(last.openedAt, last.id) : null;
    return new Outcome({ items: page.map(oversellIncidentView), next_cursor: next });
  }
}
