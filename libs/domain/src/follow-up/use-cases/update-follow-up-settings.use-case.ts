import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { FollowUpSettingsRepository } from '../ports/follow-up-settings.repository';
import { FollowUpSettingsInput, parseFollowUpSettings } from '../rules/follow-up-settings';
import { FollowUpSettingsView, followUpSettingsView } from '../follow-up-settings.view';

/** The settings as sent (wire names); the use case checks every field at once. */
export type UpdateFollowUpSettingsCommand = FollowUpSettingsInput;

/** `PUT /v1/admin/follow-up-settings`: replaces the tenant's sender name, reply-to and link domains (absent = default). */
@Injectable()
export class UpdateFollowUpSettings {
  constructor(
    private readonly settings: FollowUpSettingsRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(command: UpdateFollowUpSettingsCommand, caller: Caller): Promise<Outcome<FollowUpSettingsView>> {
    requireKind(caller, 'admin');
    const { problems, settings } = parseFollowUpSettings(command);
    if (problems.length > 0) throw validationFailed(problems);
    await this.settings.put(caller.tenantId, settings);
    const current = await this.settings.get(caller.tenantId);
    if (!current) throw new DomainError('not_found', { detail: { tenant_id: caller.tenantId } });
    return new Outcome(followUpSettingsView(current, this.config.followUpFrom));
  }
}
