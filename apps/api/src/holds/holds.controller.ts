import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { CreateHold, ReleaseHold } from '@hcs/domain';
import { HoldResponseDto } from '../chain-dto/chain.response.dto';
import { ApiEnvelope } from '../http/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { CreateHoldRequestDto } from './dto/holds.request.dto';

@ApiTags('booking chain')
@ApiBearerAuth()
@PrincipalKinds('agent')
@Controller('v1/holds')
export class HoldsController {
  constructor(
    private readonly createHold: CreateHold,
    private readonly releaseHold: ReleaseHold,
  ) {}

  @Post()
  @Scopes('booking:write')
  @Idempotent({ required: false })
  @ApiOperation({
    summary: 'Reserve the quoted room on every night of the stay for HOLD_TTL_SECONDS.',
    description:
      "Errors: quote_not_found (404), resource_access_denied (another agent's quote), quote_expired (410), allotment_exhausted (409, detail.dates), allocation_failed (409), idempotency_conflict (409). Next: confirm, release, requote.",
  })
  @ApiEnvelope(HoldResponseDto, 201, 'The hold (state held), valid until expires_at.', { expires: true })
  create(@Body() body: CreateHoldRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.createHold.execute({ quoteId: body.quote_id }, actor);
  }

  @Post(':id/release')
  @HttpCode(200)
  @Scopes('booking:write')
  @ApiOperation({
    summary: 'Give the held room back at once (state released).',
    description: 'Errors: hold_not_found (404), hold_not_active (409, detail.state).',
  })
  @ApiEnvelope(HoldResponseDto, 200, 'The released hold.')
  release(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.releaseHold.execute({ holdId: id }, actor);
  }
}
