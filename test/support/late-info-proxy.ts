import { createServer, Server, Socket } from 'node:net';
import { freePort } from './processes';

/** `INFO` as ioredis sends it, with no section. */
const INFO = '*1\r\n$4\r\ninfo\r\n';

/**
 * A TCP proxy in front of a Redis that answers the second `INFO` of every connection `delayMs`
 * late, and everything else at once. ioredis sends the first `INFO` itself to see that Redis is
 * ready; BullMQ sends the second, to check the server's version, and keeps the outcome for the
 * life of its connection: a late answer there plays an event loop that was busy for that long.
 */
export interface LateInfoProxy {
  url: string;
  close: () => Promise<void>;
}

export async function lateInfoProxy(upstreamUrl: string, delayMs: number): Promise<LateInfoProxy> {
  const upstream = new URL(upstreamUrl);
  const port = await freePort();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const redis = new Socket();
    sockets.add(client).add(redis);
    let infos = 0;
    let answerLate = false;
    redis.connect(Number(upstream.port), upstream.hostname);
    client.on('data', (chunk) => {
      const before = infos;
      infos += chunk.toString('latin1').split(INFO).length - 1;
      if (before < 2 && infos >= 2) {
        answerLate = true;
      }
      redis.write(chunk);
    });
    // Nothing else is in flight on a connection that is starting: the next answer is the INFO's.
    redis.on('data', (chunk) => {
      if (!answerLate) return void client.write(chunk);
      answerLate = false;
      redis.pause();
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
        redis.resume();
      }, delayMs);
    });
    const end = () => {
      client.destroy();
      redis.destroy();
    };
    client.on('error', end).on('close', end);
    redis.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
