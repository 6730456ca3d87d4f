/** A tenant's follow-up settings (docs/follow-ups.md "Sender and links"). */
export interface FollowUpSettings {
  /** Display name of the sender; null: the tenant's name. */
  senderName: string | null;
  /** Reply-To of the mails; null: none (replies go to the envelope address of FOLLOW_UP_FROM). */
  replyTo: string | null;
  /** Domains (and their subdomains) whose https links callers may write in a message; empty: no links. */
  linkDomains: string[];
}

export interface TenantFollowUpSettings extends FollowUpSettings {
  tenantName: string;
}

export const DEFAULT_FOLLOW_UP_SETTINGS: FollowUpSettings = { senderName: null, replyTo: null, linkDomains: [] };

/** Port: one settings row per tenant (defaults when none was written). */
export abstract class FollowUpSettingsRepository {
  abstract get(tenantId: string): Promise<TenantFollowUpSettings | null>;
  abstract put(tenantId: string, settings: FollowUpSettings): Promise<void>;
}
