import { Module } from '@nestjs/common';
import { GetOversellIncident } from './use-cases/get-oversell-incident.use-case';
import { ListOversellIncidents } from './use-cases/list-oversell-incidents.use-case';
import { OversellReconciler } from './services/oversell-reconciler';
import { ReportOversell } from './use-cases/report-oversell.use-case';
import { ResolveOversellIncident } from './use-cases/resolve-oversell-incident.use-case';
import { SweepOversell } from './use-cases/sweep-oversell.use-case';

const useCases = [ListOversellIncidents, GetOversellIncident, ReportOversell, ResolveOversellIncident, SweepOversell];

/** Oversell incidents (docs/back-office.md); the reconciler is shared with the catalog's inventory writes. */
@Module({ providers: [...useCases, OversellReconciler], exports: [...useCases, OversellReconciler] })
export class OversellModule {}
