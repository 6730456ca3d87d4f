import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { serializeError } from '@hcs/platform';

/** What a `PgChannelListener` tells its owner. */
export interface ChannelEvents {
  /** A `NOTIFY` on the channel (its payload, '' when none). */
  notified(payload: string): void;
  /** `LISTEN` went through: from now on every commit's notification arrives. */
  listening(): void;
  /** The connection is lost (or never made): notifications may be missed until `listening` again. */
  deaf(): void;
}

const RECONNECT_MS = 1000;

/**
 * One dedicated connection that `LISTEN`s to a Postgres channel and reconnects every second while
 * it cannot. Postgres sends a notification to every listener when the notifying transaction
 * commits (identical ones of one transaction folded into one), so whatever writes the row, a use
 * case, the CLI or psql, its listeners hear it. Between `deaf` and the next `listening` they may
 * have missed some: owners treat that gap as "anything may have changed".
 */
export class PgChannelListener {
  private readonly logger: Logger;
  private client: Client | null = null;
  private readonly dropped = new WeakSet<Client>();
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly events: ChannelEvents,
  ) {
    this.logger = new Logger(`Listen:${channel}`);
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = null;
    if (client) this.dropped.add(client);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000, keepAlive: true });
    client.on('notification', (message) => this.events.notified(message.payload ?? ''));
    client.on('error', (error) => {
      this.logger.warn({ err: serializeError(error) }, `lost the connection listening to ${this.channel}`);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.events.listening();
    } catch (error) {
      this.logger.warn({ err: serializeError(error) }, `could not listen to ${this.channel}`);
      this.reconnect(client);
    }
  }

  /** Once per connection, whichever of its error, its end or a failed LISTEN comes first. */
  private reconnect(client: Client): void {
    if (this.dropped.has(client)) return;
    this.dropped.add(client);
    if (this.client === client) this.client = null;
    this.events.deaf();
    void client.end().catch(() => undefined);
    if (!this.stopped) setTimeout(() => void this.connect(), RECONNECT_MS).unref();
  }
}
