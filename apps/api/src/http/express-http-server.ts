import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * An HTTP server for `app` whose requests and responses are born with Express's prototypes
 * (`app.request`, `app.response`) instead of node's.
 *
 * Express switches the prototype of every request and response it handles
 * (`Object.setPrototypeOf(req, app.request)`). On node 22 that switch on an object V8 has already
 * built costs more than the call: each request and response, and what they reach (the router's
 * closures, the reply's headers), then survives two young-generation collections, so a request's
 * garbage is promoted to the old generation and waits for a mark-compact. When the objects are born
 * with that prototype, Express's switch changes nothing and a request leaves almost nothing behind
 * (docs/performance.md, "Framework patches").
 */
export function expressHttpServer(app: Express): Server {
  return createServer({ IncomingMessage: expressRequestType(app), ServerResponse: expressResponseType(app) }, app);
}

function expressRequestType(app: Express): typeof IncomingMessage {
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    IncomingMessage.call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  return ExpressRequest as unknown as typeof IncomingMessage;
}

function expressResponseType(app: Express): typeof ServerResponse {
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options: unknown): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options: unknown) => void).call(this, req, options);
  }
  ExpressResponse.prototype = app.response;
  return ExpressResponse as unknown as typeof ServerResponse;
}
