import type { AdvisorQuestion, AdvisorReply } from '../advisor.types';

/**
 * Writes the advisor's answer from the property facts (docs/advisor.md). The default adapter is
 * the deterministic intent matcher; another (an LLM) can be bound instead, and its replies pass
 * the same grounding filter in AskAdvisor.
 */
export abstract class AdvisorModel {
  abstract answer(question: AdvisorQuestion): Promise<AdvisorReply>;
}
