import { ApiProperty } from '@nestjs/swagger';

export class AdvisorSuggestionModel {
  @ApiProperty({ example: 'Get a quote for your dates' }) label: string;
  @ApiProperty({ example: '/v1/quotes', description: 'A relative path of this API.' }) href: string;
}

export class AdvisorMessageModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['user', 'assistant'] }) role: string;
  @ApiProperty() message: string;
  @ApiProperty({ type: [String], description: 'The read-model fields the answer used (e.g. pets_allowed, checkin_time).' }) grounded_facts: string[];
  @ApiProperty({ type: [AdvisorSuggestionModel] }) suggestions: AdvisorSuggestionModel[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** The advisor session (docs/advisor.md) plus the cursor to read the messages after these. */
export class AdvisorSessionModel {
  @ApiProperty({ format: 'uuid' }) session_id: string;
  @ApiProperty() property_slug: string;
  @ApiProperty() property_name: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({
    type: [AdvisorMessageModel],
    description: 'Every message on a plain read; the question and its answer on an answer; the messages after the cursor on a cursor read.',
  })
  messages: AdvisorMessageModel[];
  @ApiProperty({ description: 'Reads the messages after these: GET /v1/advisor/sessions/{id}?cursor=<next_cursor>.' }) next_cursor: string;
}
