import { Module } from '@nestjs/common';
import { GetOversellIncident } from './get-oversell-incident.use-case';
import { ListOversellIncidents } from './list-oversell-incidents.use-case';
import { OversellReconciler } from './oversell-reconciler';
import { ReportOversell } from './report-oversell.use-case';
import { ResolveOversellIncident } from './resolve-oversell-incident.use-case';
import { SweepOversell } from './sweep-oversell.use-case';

const useCases = [ListOversellIncidents, GetOversellIncident, ReportOversell, ResolveOversellIncident, SweepOversell];

/** Oversell incidents (docs/back-office.md); the reconciler is shared with the catalog's inventory writes. */
@Module({ providers: [...useCases, OversellReconciler], exports: [...useCases, OversellReconciler] })
export class OversellModule {}
