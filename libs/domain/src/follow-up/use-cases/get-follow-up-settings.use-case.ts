import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { FollowUpSettingsRepository } from '../ports/follow-up-settings.repository';
import { FollowUpSettingsView, followUpSettingsView } from '../follow-up-settings.view';

/** The read takes no parameter; the query keeps the one use-case form. */
export type GetFollowUpSettingsQuery = Record<string, never>;

/** `GET /v1/admin/follow-up-settings` (docs/follow-ups.md "Sender and links"). */
@Injectable()
export class GetFollowUpSettings {
  constructor(
    private readonly settings: FollowUpSettingsRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(_query: GetFollowUpSettingsQuery, caller: Caller): Promise<Outcome<FollowUpSettingsView>> {
    requireKind(caller, 'admin');
    const current = await this.settings.get(caller.tenantId);
    if (!current) throw new DomainError('not_found', { detail: { tenant_id: caller.tenantId } });
    return new Outcome(followUpSettingsView(current, this.config.followUpFrom));
  }
}
