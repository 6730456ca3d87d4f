import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { CreateHold, IdempotentRequest, ReleaseHold } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { CurrentIdempotentRequest } from '../idempotency/idempotent-request.decorator';
import { SandboxScenarioHeader } from '../sandbox/sandbox-scenario.decorator';
import { CreateHoldRequestDto } from './dto/holds.request.dto';
import { HoldModel } from './dto/holds.response.dto';

@ApiTags('booking chain')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('agent')
@Controller('v1/holds')
export class HoldsController {
  constructor(
    private readonly createHold: CreateHold,
    private readonly releaseHold: ReleaseHold,
  ) {}

  @Post()
  @Scopes('booking:write')
  @SandboxScenarioHeader('create_hold')
  @Idempotent({ required: false, claimOnFirstRead: true })
  @Capability({
    id: 'create_hold',
    description: 'Reserve the quoted room on every night of the stay until expires_at (Idempotency-Key makes retries safe).',
    next_rel: 'confirm',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Reserve the quoted room on every night of the stay for HOLD_TTL_SECONDS.',
    description: "Another agent's quote answers resource_access_denied (403). Next: confirm, release, requote.",
  })
  @ApiEnvelope(HoldModel, {
    status: 201,
    description: 'The hold (state held), valid until expires_at; next_actions: confirm, release, requote.',
    errors: [
      'validation_failed',
      'quote_not_found',
      'quote_expired',
      ['allotment_exhausted', 'detail.dates'],
      'allocation_failed',
      ['hold_limit_reached', 'retry_after: when the earliest of your holds expires'],
      'idempotency_conflict',
    ],
    expiresAt: true,
  })
  create(
    @Body() body: CreateHoldRequestDto,
    @CurrentActor() actor: Actor,
    @CurrentIdempotentRequest() idempotency: IdempotentRequest | null,
  ): Promise<Outcome> {
    return this.createHold.execute({ quoteId: body.quote_id, idempotency }, actor);
  }

  @Post(':id/release')
  @HttpCode(200)
  @Scopes('booking:write')
  @SandboxScenarioHeader('release_hold')
  @Capability({ id: 'release_hold', description: 'Give a held room back at once (state released).', next_rel: 'requote', idempotent: false })
  @ApiOperation({
    summary: 'Give the held room back at once (state released).',
  })
  @ApiEnvelope(HoldModel, {
    description: 'The released hold; next_actions: requote.',
    errors: ['validation_failed', 'hold_not_found', ['hold_not_active', 'detail.state']],
  })
  release(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.releaseHold.execute({ holdId: id }, actor);
  }
}
