import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { CreateQuote } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { CreateQuoteRequestDto } from './dto/quotes.request.dto';
import { QuoteModel } from './dto/quotes.response.dto';
import { quoteCommand } from './quote-command';
import { SandboxScenarioHeader } from '../sandbox/sandbox-scenario.decorator';

@ApiTags('booking chain')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('agent')
@Controller('v1/quotes')
export class QuotesController {
  constructor(private readonly createQuote: CreateQuote) {}

  @Post()
  @Scopes('booking:write')
  @SandboxScenarioHeader('create_quote')
  @Capability({
    id: 'create_quote',
    description: 'Price one room for a stay and party and freeze the price breakdown and the cancellation policy until expires_at.',
    next_rel: 'create_hold',
    idempotent: false,
  })
  @ApiOperation({
    summary: 'Price one room for a stay and freeze price and cancellation terms.',
    description: 'Send guests (one room) or rooms (1 to 8 rooms of the room type, each with its party), not both. Next: create_hold before expires_at.',
  })
  @ApiEnvelope(QuoteModel, {
    status: 201,
    description: 'The quote, valid until expires_at; next_actions: create_hold.',
    errors: [
      ['validation_failed', 'stay rules; the occupancy of guests or of each room; guests and rooms together or neither'],
      'property_not_found',
      'room_type_not_found',
      'rate_plan_not_found',
      'policy_not_found_for_rate_plan',
      ['stay_restricted', 'detail.violations: every broken stay restriction'],
    ],
    expiresAt: true,
  })
  create(@Body() body: CreateQuoteRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.createQuote.execute(quoteCommand(body), actor);
  }
}
