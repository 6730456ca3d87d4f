import { z } from 'zod';
import { AskAdvisor } from '@hcs/domain';
import { AdvisorController } from '../../advisor/advisor.controller';
import { AdvisorMessageRequestDto } from '../../advisor/dto/advisor.request.dto';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody } from '../mcp-validation';

interface AdvisorAnswer {
  messages: Array<{ message: string }>;
}

export const askAdvisorTool = defineTool<{ sessionId: string; body: AdvisorMessageRequestDto }>({
  name: 'ask_advisor',
  title: 'Ask the property advisor',
  description:
    'Ask a question about the property in an advisor session. The answer lists grounded_facts (the hotel fields it used) and suggestions with hrefs; when the facts do not answer, it says it does not know. ' +
    'For prices, availability or cancellation terms it points to search and create_quote instead of answering.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mirrors: { controller: AdvisorController, handler: 'message' },
  input: { session_id: z.string().min(1).describe('From start_advisor_session'), ...dtoArguments(AdvisorMessageRequestDto) },
  request: (args) => ({ params: { id: args.session_id }, body: omit(args, 'session_id') }),
  validate: ({ params, body }) => ({ sessionId: String(params.id ?? ''), body: validBody(AdvisorMessageRequestDto, body) }),
  execute: ({ input, actor, use }) => use(AskAdvisor).execute({ sessionId: input.sessionId, message: input.body.message }, actor),
  summarize: ({ data }) => {
    const { messages } = data as AdvisorAnswer;
    return messages[messages.length - 1].message;
  },
});
