import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Express } from 'express';
import { ApiExpressAdapter } from './api-express.adapter';
import { expressHttpServer } from './express-http-server';

/** The prototypes of the request and response the server built, before Express saw them. */
interface Born {
  request: object | null;
  response: object | null;
}

async function answerOnce(server: Server, app: Express, init?: RequestInit): Promise<{ born: Born; status: number; body: string }> {
  let born: Born = { request: null, response: null };
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    born = { request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object };
  });
  app.post('/echo', express.json(), (req, res) => {
    res.status(201).json({ got: req.body as unknown, url: req.originalUrl });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/echo?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      ...init,
    });
    return { born, status: res.status, body: await res.text() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("Express's own server, the behaviour expressHttpServer relies on", () => {
  it("switches each request's and response's prototype to app.request and app.response", async () => {
    const app = express();
    let seen: Born = { request: null, response: null };
    app.use((req, res, next) => {
      seen = { request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object };
      next();
    });
    const { born } = await answerOnce(createServer(app), app);
    expect(born.request).toBe(IncomingMessage.prototype);
    expect(seen.request).toBe(app.request);
    expect(seen.response).toBe(app.response);
  });
});

describe('expressHttpServer', () => {
  it("builds requests and responses with Express's prototypes, so Express's own switch changes nothing", async () => {
    const app = express();
    const { born, status, body } = await answerOnce(expressHttpServer(app), app);
    expect(born.request).toBe(app.request);
    expect(born.response).toBe(app.response);
    expect(status).toBe(201);
    expect(JSON.parse(body)).toEqual({ got: { a: 1 }, url: '/echo?x=1' });
  });

  it('keeps them node requests and responses', async () => {
    const app = express();
    let seen: unknown[] = [];
    app.use((req, res, next) => {
      seen = [req instanceof IncomingMessage, res instanceof ServerResponse, req.socket.remoteAddress];
      next();
    });
    await answerOnce(expressHttpServer(app), app);
    expect(seen).toEqual([true, true, '127.0.0.1']);
  });
});

describe('ApiExpressAdapter.initHttpServer', () => {
  it("serves with expressHttpServer's requests", async () => {
    const adapter = new ApiExpressAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Express>();
    const { born } = await answerOnce(adapter.getHttpServer() as Server, app);
    expect(born.request).toBe(app.request);
  });

  it("leaves the options the api does not use to Nest's own server", async () => {
    const adapter = new ApiExpressAdapter();
    adapter.initHttpServer({ forceCloseConnections: true });
    const app = adapter.getInstance<Express>();
    const { born, status } = await answerOnce(adapter.getHttpServer() as Server, app);
    expect(born.request).toBe(IncomingMessage.prototype);
    expect(status).toBe(201);
  });
});
