import { connect, createServer, Server, Socket } from 'node:net';
import { createChainAgent, createChainCatalog } from '../../support/chain-fixtures';
import { createTenant } from '../../support/factories';
import { freePort } from '../../support/processes';
import { TEST_DB_NAME } from '../../support/test-database';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A TCP path to the machine's Postgres that the test can silence: every byte in either direction
 * is held while the sockets stay open, as a primary lost behind a proxy that keeps its clients'
 * sockets looks to the service.
 */
async function silenceablePostgres(): Promise<{ url: string; silence: (on: boolean) => void; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  let silent = false;
  const server: Server = createServer((client) => {
    const upstream = connect(5432, '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('close', () => sockets.delete(from));
      from.on('error', () => from.destroy());
      from.on('data', (chunk: Buffer) => {
        if (silent) held.push(() => to.writable && to.write(chunk));
        else to.write(chunk);
      });
      from.on('end', () => to.end());
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${TEST_DB_NAME}`,
    silence: (on) => {
      silent = on;
      if (!on) for (const write of held.splice(0)) write();
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/**
 * A database that goes silent (docs/operations-faults.md "Postgres"): the server neither answers
 * nor closes the connection, so its own `statement_timeout` never reaches the client. The client's
 * bound on an answer (DATABASE_QUERY_TIMEOUT_MS) gives the connection up: the request answers
 * `503 service_unavailable` instead of waiting forever, and once the server speaks again the pool's
 * new connections serve as before.
 */
describe('Postgres silent behind an open socket', () => {
  let setup: TestApp;
  let app: TestApp;
  let postgres: Awaited<ReturnType<typeof silenceablePostgres>>;
  let apiKey: string;
  let propertyId: string;

  beforeAll(async () => {
    setup = await startTestApp();
    const tenantId = (await createTenant(setup.app)).tenantId;
    apiKey = (await createChainAgent(setup.app, tenantId)).apiKey;
    propertyId = (await createChainCatalog(setup.app, tenantId)).propertyId;
    postgres = await silenceablePostgres();
    app = await startTestApp({ DATABASE_URL: postgres.url, DATABASE_DIRECT_URL: postgres.url, DATABASE_POOL_SIZE: '2' });
  }, 60_000);
  afterAll(async () => {
    postgres?.silence(false);
    await app?.close();
    await postgres?.close();
    await setup?.close();
  });

  const read = () => app.http().get(`/v1/properties/${propertyId}`).set('authorization', `Bearer ${apiKey}`);

  it('answers 503 when the server goes silent, and serves again once it speaks', async () => {
    expect((await read()).status).toBe(200);
    postgres.silence(true);
    // A read the caches cannot answer: the credential and the property come from the database.
    const other = await app.http().get('/v1/properties/00000000-0000-4000-8000-000000000000').set('authorization', `Bearer ${apiKey}`);
    expect({ status: other.status, code: other.body.error?.code }).toEqual({ status: 503, code: 'service_unavailable' });
    postgres.silence(false);
    expect((await read()).status).toBe(200);
  }, 120_000);
});
