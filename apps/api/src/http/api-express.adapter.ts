import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { expressHttpServer } from './express-http-server';

/**
 * Nest's Express adapter whose HTTP server builds requests and responses with Express's
 * prototypes (`expressHttpServer`, docs/performance.md "Framework patches"). The options the api
 * does not use (TLS, draining on close) keep Nest's own server.
 */
export class ApiExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions !== undefined || options.return503OnClosing === true || options.forceCloseConnections === true) {
      super.initHttpServer(options);
      return;
    }
    this.httpServer = expressHttpServer(this.getInstance());
  }
}
