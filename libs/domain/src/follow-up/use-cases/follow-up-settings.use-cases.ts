import { Injectable } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { FollowUpSettingsRepository, TenantFollowUpSettings } from '../ports/follow-up-settings.repository';
import { FollowUpSettingsInput, parseFollowUpSettings, senderFor } from '../rules/follow-up-settings';

/** The settings as admins read them, with the From header they give. */
export function followUpSettingsView(s: TenantFollowUpSettings, followUpFrom: string) {
  const sender = senderFor(s, followUpFrom);
  return { sender_name: s.senderName, reply_to: s.replyTo, link_domains: s.linkDomains, from: sender.from };
}

/** `GET /v1/admin/follow-up-settings` (docs/follow-ups.md "Sender and links"). */
@Injectable()
export class GetFollowUpSettings {
  constructor(
    private readonly settings: FollowUpSettingsRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(caller: Caller) {
    requireKind(caller, 'admin');
    const current = await this.settings.get(caller.tenantId);
    if (!current) throw new DomainError('not_found', { detail: { tenant_id: caller.tenantId } });
    return followUpSettingsView(current, this.config.followUpFrom);
  }
}

/** `PUT /v1/admin/follow-up-settings`: replaces the tenant's sender name, reply-to and link domains (absent = default). */
@Injectable()
export class UpdateFollowUpSettings {
  constructor(
    private readonly settings: FollowUpSettingsRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(caller: Caller, input: FollowUpSettingsInput) {
    requireKind(caller, 'admin');
    const { problems, settings } = parseFollowUpSettings(input);
    if (problems.length > 0) throw validationFailed(problems);
    await this.settings.put(caller.tenantId, settings);
    const current = await this.settings.get(caller.tenantId);
    if (!current) throw new DomainError('not_found', { detail: { tenant_id: caller.tenantId } });
    return followUpSettingsView(current, this.config.followUpFrom);
  }
}
