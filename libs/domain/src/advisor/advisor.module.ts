import { Module } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { AdvisorLlmClient } from './ports/advisor-llm.client';
import { CatalogModule } from '../catalog/catalog.module';
import { AdvisorModel } from './ports/advisor-model';
import { AskAdvisor } from './use-cases/ask-advisor.use-case';
import { DeterministicAdvisorModel } from './services/deterministic-advisor.model';
import { GetAdvisorSession } from './use-cases/get-advisor-session.use-case';
import { LlmAdvisorModel } from './services/llm-advisor.model';
import { StartAdvisorSession } from './use-cases/start-advisor-session.use-case';

const useCases = [StartAdvisorSession, AskAdvisor, GetAdvisorSession];

/** The property advisor (docs/advisor.md); sessions are stored through PersistenceModule. */
@Module({
  imports: [CatalogModule],
  providers: [
    ...useCases,
    {
      provide: AdvisorModel,
      inject: [AppConfig, AdvisorLlmClient],
      // Deterministic unless ADVISOR_LLM_URL names an OpenAI-compatible endpoint.
      useFactory: (config: AppConfig, client: AdvisorLlmClient) => (config.advisorLlmUrl ? new LlmAdvisorModel(client) : new DeterministicAdvisorModel()),
    },
  ],
  exports: useCases,
})
export class AdvisorModule {}
