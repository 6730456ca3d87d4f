import { StartAdvisorSession } from '@hcs/domain';
import { AdvisorController } from '../../advisor/advisor.controller';
import { StartAdvisorSessionRequestDto } from '../../advisor/dto/advisor.request.dto';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { validBody } from '../mcp-validation';

export const startAdvisorSessionTool = defineTool<StartAdvisorSessionRequestDto>({
  name: 'start_advisor_session',
  title: 'Open a property advisor chat',
  description:
    "Open an advisor session about one property to answer a traveler's questions (amenities, pets, check-in/out times, room types, accessibility, location, contact) from the hotel's own facts. " +
    'It never gives prices, availability or cancellation terms: use search and create_quote for those. Next: ask_advisor with the session_id.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mirrors: { controller: AdvisorController, handler: 'create' },
  input: dtoArguments(StartAdvisorSessionRequestDto, {
    describe: {
      property_slug: 'The property slug (get_property_full, or the slug in a property read)',
      locale: 'en, pt or es (e.g. pt-BR); other locales get English answers',
    },
  }),
  validate: ({ body }) => validBody(StartAdvisorSessionRequestDto, body),
  execute: ({ input, actor, use }) => use(StartAdvisorSession).execute({ propertySlug: input.property_slug, locale: input.locale ?? null }, actor),
  summarize: ({ data }) => `Advisor session ${(data as { session_id: string }).session_id} opened. Next: ask_advisor.`,
});
