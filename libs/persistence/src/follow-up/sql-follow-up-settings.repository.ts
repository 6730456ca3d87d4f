import { Injectable } from '@nestjs/common';
import { FollowUpQuota, FollowUpSettings, FollowUpSettingsRepository, RequestCount, TenantFollowUpSettings } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';

interface SettingsRow {
  tenant_name: string;
  sender_name: string | null;
  reply_to: string | null;
  link_domains: string[] | null;
}

/** Request-made follow-ups of a tenant (and of one booking) since a moment. */
interface QuotaRow {
  tenant_count: number;
  tenant_oldest: Date | null;
  booking_count: number;
  booking_oldest: Date | null;
}

/** A tenant's follow-up settings; defaults (no row) read as nulls and no link domains. */
@Injectable()
export class SqlFollowUpSettingsRepository extends FollowUpSettingsRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async get(tenantId: string): Promise<TenantFollowUpSettings | null> {
    const rows = await this.sql.rows<SettingsRow>(
      `SELECT t.name AS tenant_name, s.sender_name, s.reply_to, s.link_domains
         FROM tenants t LEFT JOIN follow_up_settings s ON s.tenant_id = t.id WHERE t.id = $1`,
      [tenantId],
    );
    const r = rows[0];
    return r ? { tenantName: r.tenant_name, senderName: r.sender_name, replyTo: r.reply_to, linkDomains: r.link_domains ?? [] } : null;
  }

  async put(tenantId: string, s: FollowUpSettings): Promise<void> {
    await this.sql.affected(
      `INSERT INTO follow_up_settings (tenant_id, sender_name, reply_to, link_domains) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id) DO UPDATE SET sender_name = $2, reply_to = $3, link_domains = $4, updated_at = now()`,
      [tenantId, s.senderName, s.replyTo, s.linkDomains],
    );
  }
}

/**
 * Counts the follow-ups that used a tenant's caps since a moment: those callers created (origin
 * `request`, at `created_at`) and those the booking scheduled by itself that were sent (origin
 * `booking`, at `sent_at`). A transaction-scoped advisory lock per tenant makes concurrent counts of
 * one tenant run one after another (each sees the rows the previous one committed), so a cap cannot
 * be passed by sending many requests at once.
 */
@Injectable()
export class SqlFollowUpQuota extends FollowUpQuota {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async countRecent(tenantId: string, bookingId: string, since: Date): Promise<{ booking: RequestCount; tenant: RequestCount }> {
    await this.sql.rows(`SELECT pg_advisory_xact_lock(hashtext('follow-up-quota'), hashtext($1))`, [tenantId]);
    const rows = await this.sql.rows<QuotaRow>(
      `SELECT count(*)::int AS tenant_count, min(counted_at) AS tenant_oldest,
              (count(*) FILTER (WHERE booking_id = $2))::int AS booking_count,
              min(counted_at) FILTER (WHERE booking_id = $2) AS booking_oldest
         FROM (SELECT booking_id, CASE WHEN origin = 'request' THEN created_at ELSE sent_at END AS counted_at
                 FROM follow_ups
                WHERE tenant_id = $1
                  AND ((origin = 'request' AND created_at > $3) OR (origin = 'booking' AND state = 'sent' AND sent_at > $3))) counted`,
      [tenantId, bookingId, since],
    );
    const r = rows[0]!;
    return { booking: { count: r.booking_count, oldest: r.booking_oldest }, tenant: { count: r.tenant_count, oldest: r.tenant_oldest } };
  }
}
