import { Injectable } from '@nestjs/common';
import { PaymentProviderEventLog } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';

/** `payment_provider_events`: one row per provider event taken (docs/payments.md "Webhook"). */
@Injectable()
export class SqlPaymentProviderEventLog extends PaymentProviderEventLog {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async claim(provider: string, eventId: string, type: string): Promise<boolean> {
    const taken = await this.sql.rows<{ event_id: string }>(
      `INSERT INTO payment_provider_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId, type],
    );
    return taken.length === 1;
  }

  async release(provider: string, eventId: string): Promise<void> {
    await this.sql.affected(`DELETE FROM payment_provider_events WHERE provider = $1 AND event_id = $2`, [provider, eventId]);
  }
}
