import { z } from 'zod';
import { GetAdvisorSession } from '@hcs/domain';
import { AdvisorController } from '../../advisor/advisor.controller';
import { AdvisorSessionQueryDto } from '../../advisor/dto/advisor.request.dto';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody } from '../mcp-validation';
import { READ_ONLY } from './tool-schemas';

export const getAdvisorSessionTool = defineTool<{ sessionId: string; query: AdvisorSessionQueryDto }>({
  name: 'get_advisor_session',
  title: 'Read an advisor session',
  description:
    'Read an advisor session with every question and answer so far, or only the messages after a cursor (next_cursor of ask_advisor or of an earlier read), at most limit of them.',
  annotations: READ_ONLY,
  mirrors: { controller: AdvisorController, handler: 'get' },
  input: {
    session_id: z.string().min(1),
    ...dtoArguments(AdvisorSessionQueryDto, { describe: { cursor: 'next_cursor of an answer or an earlier read' } }),
  },
  request: (args) => ({ params: { id: args.session_id }, body: omit(args, 'session_id') }),
  validate: ({ params, body }) => ({ sessionId: String(params.id ?? ''), query: validBody(AdvisorSessionQueryDto, body, 'query') }),
  execute: ({ input, actor, use }) =>
    use(GetAdvisorSession).execute({ sessionId: input.sessionId, cursor: input.query.cursor, limit: input.query.limit }, actor),
  summarize: ({ data }) => `Advisor session with ${(data as { messages: unknown[] }).messages.length} message(s).`,
});
