import { Injectable, Logger } from '@nestjs/common';
import { AdvisorLlmClient, ChatMessage } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';

const TIMEOUT_MS = 8000;

/** `POST <ADVISOR_LLM_URL>/chat/completions` (OpenAI-compatible); any failure is null, never an error. */
@Injectable()
export class OpenAiCompatibleLlmClient extends AdvisorLlmClient {
  private readonly logger = new Logger('AdvisorLlm');

  constructor(private readonly config: AppConfig) {
    super();
  }

  async complete(messages: ChatMessage[]): Promise<string | null> {
    if (!this.config.advisorLlmUrl) return null;
    try {
      const res = await fetch(`${this.config.advisorLlmUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.config.advisorLlmApiKey ? { authorization: `Bearer ${this.config.advisorLlmApiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.config.advisorLlmModel, messages, temperature: 0 }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        this.logger.warn(`advisor LLM answered ${res.status}`);
        return null;
      }
      const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
      const content = body.choices?.[0]?.message?.content;
      return typeof content === 'string' ? content : null;
    } catch (error) {
      this.logger.warn(`advisor LLM failed: ${(error as Error).message}`);
      return null;
    }
  }
}
