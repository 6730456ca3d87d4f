export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** An OpenAI-compatible chat completion endpoint (`ADVISOR_LLM_URL`); null when it fails or times out. */
export abstract class AdvisorLlmClient {
  abstract complete(messages: ChatMessage[]): Promise<string | null>;
}
