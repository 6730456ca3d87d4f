import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Response } from 'express';

type EtagFunction = (body: Buffer, encoding?: string) => string | undefined;

/**
 * Documents that depend on the configuration and the mounted routes alone (the service index, the
 * agent card, the plugin and ACP manifests, the API catalog), serialized once with the ETag Express
 * itself would compute for those bytes (its `etag fn`, so `If-None-Match` answers 304 as before).
 * A handler hands the text to Express with the ETag already set: no `JSON.stringify` and no hash of
 * the body per request (docs/performance.md, "Discovery documents as bytes").
 */
@Injectable()
export class RenderedDocuments {
  private readonly rendered = new Map<string, { text: string; etag: string | undefined }>();

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** The document's JSON text, with its ETag set on `res`; `build` runs at the first request only. */
  send(res: Response, name: string, build: () => unknown): string {
    let document = this.rendered.get(name);
    if (document === undefined) {
      const text = JSON.stringify(build());
      const etagOf = this.adapterHost.httpAdapter.getInstance().get('etag fn') as EtagFunction | undefined;
      document = { text, etag: typeof etagOf === 'function' ? etagOf(Buffer.from(text, 'utf8'), 'utf8') : undefined };
      this.rendered.set(name, document);
    }
    if (document.etag !== undefined) res.setHeader('ETag', document.etag);
    return document.text;
  }
}
