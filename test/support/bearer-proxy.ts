import { createServer, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BearerProxy {
  /** `http://127.0.0.1:<port>`: the address clients use instead of the api's. */
  url: string;
  close(): Promise<void>;
}

/**
 * Test-only: a loopback HTTP proxy that forwards every request unchanged (method, path, headers
 * including Host and Origin, body) to `target()` and adds `Authorization: Bearer <token()>`
 * (both read per request, so the proxy can start before the api it fronts), for
 * clients that cannot send a bearer themselves (the MCP conformance CLI). Listens on 127.0.0.1 only.
 */
export async function startBearerProxy(target: () => string, token: () => string): Promise<BearerProxy> {
  const server: Server = createServer((req, res) => {
    const upstream = new URL(target());
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token()}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bearer proxy: ${error.message}`);
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
