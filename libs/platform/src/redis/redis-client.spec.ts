import { createServer } from 'node:net';
import { closeRedis, connectRedis } from './redis-client';

/** A port nothing listens on: every connection attempt is refused at once. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('closeRedis', () => {
  it('ends a client between two reconnect attempts and fails its queued commands at once', async () => {
    const client = connectRedis({ url: `redis://127.0.0.1:${await refusingPort()}` }, { offlineQueue: true, commandTimeout: null, maxRetriesPerRequest: null });
    while (client.status !== 'reconnecting') await new Promise((r) => setTimeout(r, 5));
    const queued = client.get('k').then(
      () => 'answered',
      (error: Error) => error.message,
    );
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    const started = Date.now();
    closeRedis(client);
    await ended;
    expect(client.status).toBe('end');
    expect(await queued).toMatch(/Connection is closed/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
