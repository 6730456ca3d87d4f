import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { GetFollowUpSettings, UpdateFollowUpSettings } from '@hcs/domain';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { FollowUpSettingsModel, PutFollowUpSettingsRequestDto } from './dto/follow-up-settings.dto';

/** A tenant's follow-up sender name, reply-to and link domains (docs/follow-ups.md "Sender and links"). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/follow-up-settings')
export class AdminFollowUpSettingsController {
  constructor(
    private readonly getSettings: GetFollowUpSettings,
    private readonly updateSettings: UpdateFollowUpSettings,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The tenant's follow-up sender name, reply-to and link domains, with the From header they give.",
    description: 'The settings guest follow-ups are sent with; https links in a follow-up message may only point to the link domains.',
  })
  @ApiEnvelope(FollowUpSettingsModel, { description: 'The settings.' })
  get(@CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getSettings.execute({}, actor);
  }

  @Put()
  @ApiOperation({ summary: 'Replace the follow-up settings; an absent field goes back to its default.' })
  @ApiEnvelope(FollowUpSettingsModel, { description: 'The settings now.', errors: ['validation_failed'] })
  put(@CurrentActor() actor: Actor, @Body() body: PutFollowUpSettingsRequestDto): Promise<Outcome> {
    return this.updateSettings.execute(body, actor);
  }
}
