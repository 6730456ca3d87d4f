import IORedis from 'ioredis';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { closeRedis, connectRedis, RedisClient } from '@hcs/platform';
import { acrossStall } from '../../support/event-loop-stall';

const DEADLINE_MS = 200;
/** Longer than the deadline, and time enough for Redis to answer while the loop is blocked. */
const STALL_MS = DEADLINE_MS * 5;
const needs = { offlineQueue: true, commandTimeout: DEADLINE_MS, maxRetriesPerRequest: 1 };

/**
 * A reply that arrived in time is not thrown away because the event loop was stalled when the
 * deadline fell due (docs/operations-faults.md "Redis"): after a stall ioredis's own timeout
 * rejected it before reading the socket, and the pre-auth failure counter lost a count so (a flaky
 * CI run of the shared-addresses spec). A Redis that really does not answer still fails the command
 * at its deadline.
 */
describe('Redis command deadlines across an event loop stall', () => {
  const clients: (RedisClient | IORedis)[] = [];
  const sockets = new Set<Socket>();
  let silent: Server | undefined;
  const url = process.env.REDIS_URL as string;
  const key = () => `hcs-stall-${randomUUID()}`;

  afterAll(async () => {
    for (const client of clients) closeRedis(client);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
  });

  it('loses a reply received during the stall with ioredis`s own commandTimeout (the failure this guards)', async () => {
    const plain = new IORedis(url, { commandTimeout: DEADLINE_MS });
    clients.push(plain);
    await expect(acrossStall(plain, key(), STALL_MS)).resolves.toBe('Command timed out');
  });

  it('keeps that reply on the service`s clients and their duplicates', async () => {
    const client = connectRedis({ url }, needs);
    clients.push(client);
    await expect(acrossStall(client, key(), STALL_MS)).resolves.toBe('OK');
    const copy = client.duplicate();
    clients.push(copy);
    await expect(acrossStall(copy, key(), STALL_MS)).resolves.toBe('OK');
  });

  it('still fails a command at its deadline when Redis does not answer', async () => {
    // A server that accepts connections and never says a word.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', () => undefined);
    });
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const client = connectRedis({ url: `redis://127.0.0.1:${port}` }, needs, { enableReadyCheck: false });
    clients.push(client);
    const started = Date.now();
    await expect(client.get(key())).rejects.toThrow('Command timed out');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(took).toBeLessThan(DEADLINE_MS * 10);
  });
});
