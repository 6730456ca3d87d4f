import { z } from 'zod';
import { GetAdvisorSession } from '@hcs/domain';
import { AdvisorController } from '../../advisor/advisor.controller';
import { defineTool } from '../mcp-tool';
import { noOtherArguments, omit } from '../mcp-validation';
import { READ_ONLY } from './tool-schemas';

export const getAdvisorSessionTool = defineTool<{ sessionId: string }>({
  name: 'get_advisor_session',
  title: 'Read an advisor session',
  description: 'Read an advisor session with every question and answer so far.',
  annotations: READ_ONLY,
  mirrors: { controller: AdvisorController, handler: 'get' },
  input: { session_id: z.string().min(1) },
  request: (args) => ({ params: { id: args.session_id }, body: omit(args, 'session_id') }),
  validate: ({ params, body }) => {
    noOtherArguments(body);
    return { sessionId: String(params.id ?? '') };
  },
  execute: ({ input, actor, use }) => use(GetAdvisorSession).execute(input, actor),
  summarize: ({ data }) => `Advisor session with ${(data as { messages: unknown[] }).messages.length} message(s).`,
});
