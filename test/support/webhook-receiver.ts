import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers for a path: a status, optionally a body (else `nope` for an error), optionally after a delay. */
export type Behaviour = { status: number; delayMs?: number; body?: string };

/** A real HTTP receiver on loopback that records every request and answers per path. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly behaviours = new Map<string, Behaviour | ((n: number) => Behaviour)>();
  private server!: Server;
  private port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const given = this.behaviours.get(path) ?? { status: 204 };
        const b = typeof given === 'function' ? given(this.at(path).length) : given;
        setTimeout(() => res.writeHead(b.status).end(b.body ?? (b.status >= 400 ? 'nope' : '')), b.delayMs ?? 0);
      });
    });
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** A behaviour, or one per request: `n` counts this path's requests, this one included (from 1). */
  answer(path: string, behaviour: Behaviour | ((n: number) => Behaviour)): void {
    this.behaviours.set(path, behaviour);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** Verifies like a partner would, with the `standardwebhooks` package; throws when the signature does not match. */
export function verifyWebhook(secret: string, received: ReceivedWebhook): Record<string, unknown> {
  return new Webhook(secret).verify(received.body, {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  }) as Record<string, unknown>;
}
