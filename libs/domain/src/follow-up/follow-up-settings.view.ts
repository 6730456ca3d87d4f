import type { TenantFollowUpSettings } from './ports/follow-up-settings.repository';
import { senderFor } from './rules/follow-up-settings';

export interface FollowUpSettingsView {
  sender_name: string | null;
  reply_to: string | null;
  link_domains: string[];
  from: string;
}

/** The settings as admins read them, with the From header they give. */
export function followUpSettingsView(s: TenantFollowUpSettings, followUpFrom: string): FollowUpSettingsView {
  const sender = senderFor(s, followUpFrom);
  return { sender_name: s.senderName, reply_to: s.replyTo, link_domains: s.linkDomains, from: sender.from };
}
