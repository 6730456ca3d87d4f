import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AdvisorModel } from './advisor-model';
import { AskAdvisor } from './ask-advisor.use-case';
import { DeterministicAdvisorModel } from './deterministic-advisor.model';
import { GetAdvisorSession } from './get-advisor-session.use-case';
import { StartAdvisorSession } from './start-advisor-session.use-case';

const useCases = [StartAdvisorSession, AskAdvisor, GetAdvisorSession];

/** The property advisor (docs/advisor.md); sessions are stored through PersistenceModule. */
@Module({
  imports: [CatalogModule],
  providers: [...useCases, { provide: AdvisorModel, useClass: DeterministicAdvisorModel }],
  exports: useCases,
})
export class AdvisorModule {}
