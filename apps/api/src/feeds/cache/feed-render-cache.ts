import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { RenderedFeedStore } from '@hcs/domain';
import { RecentFeedCopies } from './recent-feed-copies';

/** A render holds its lock at most this long; a crashed holder frees the key after it. */
export const FEED_RENDER_LOCK_MS = 120_000;
/** How often a request waiting for another process's render looks for the copy. */
const WAIT_STEP_MS = 50;
/** Renders at once in one process, whatever the tenant: the others queue (docs/feeds.md). */
export const FEED_RENDERS_PER_PROCESS = 1;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A rendered copy and whether this call rendered it (a render) or found it (a hit or a wait). */
export interface RenderedFeed {
  gzip: Buffer;
  rendered: boolean;
}

/**
 * Rendered feeds under repeated polling (docs/feeds.md): a document is rendered once per ETag,
 * gzip-compressed and kept in the shared store; later requests for that ETag are served from the
 * copy until a change stamp moves the ETag. One render at a time per feed key: requests in this
 * process share the render in progress, requests in other processes wait on the store's lock for
 * its copy. A render yields to the event loop after every chunk and renders queue per process, so
 * a feed never holds the process away from other tenants' requests for long. The copies this
 * process served last are also kept in its memory (`RecentFeedCopies`, a few MB), so a repeat poll
 * of the same ETag does not move the copy out of the store again.
 */
@Injectable()
export class FeedRenderCache {
  private readonly inFlight = new Map<string, Promise<RenderedFeed>>();
  private running = 0;
  private readonly queued: Array<() => void> = [];
  private readonly recent = new RecentFeedCopies();

  constructor(private readonly store: RenderedFeedStore) {}

  /** The copy of `key` for `etag`, rendered from `render()` only when no process has it yet. */
  rendered(key: string, etag: string, render: () => AsyncIterable<string>): Promise<RenderedFeed> {
    const here = this.recent.get(key, etag);
    if (here !== null) return Promise.resolve({ gzip: here, rendered: false });
    const id = `${key}:${etag}`;
    const pending = this.inFlight.get(id);
    if (pending) return pending.then((copy) => ({ gzip: copy.gzip, rendered: false }));
    const started = this.findOrRender(key, etag, render)
      .then((copy) => {
        this.recent.keep(key, etag, copy.gzip);
        return copy;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, started);
    return started;
  }

  private async findOrRender(key: string, etag: string, render: () => AsyncIterable<string>): Promise<RenderedFeed> {
    for (let waited = 0; ; waited += 1) {
      const cached = await this.store.get(key, etag);
      if (cached) return { gzip: cached, rendered: false };
      const token = randomUUID();
      if (await this.store.lock(key, token, FEED_RENDER_LOCK_MS)) {
        try {
          // The holder before us may have just stored this very copy.
          const stored = await this.store.get(key, etag);
          if (stored) return { gzip: stored, rendered: false };
          const gzip = await this.withRenderSlot(() => gzipped(render()));
          await this.store.put(key, etag, gzip);
          return { gzip, rendered: true };
        } finally {
          await this.store.unlock(key, token);
        }
      }
      await sleep(Math.min(WAIT_STEP_MS * (1 + waited), 500));
    }
  }

  private async withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
    // A finished render hands its slot straight to the next in line.
    if (this.running >= FEED_RENDERS_PER_PROCESS) await new Promise<void>((resolve) => this.queued.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.queued.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The chunks gzip-compressed (zlib works on the thread pool), yielding to other requests between chunks. */
export async function gzipped(chunks: AsyncIterable<string>): Promise<Buffer> {
  const gzip = createGzip({ level: 6 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = once(gzip, 'end');
  try {
    for await (const chunk of chunks) {
      if (!gzip.write(chunk)) await once(gzip, 'drain');
      await turn();
    }
  } catch (error) {
    done.catch(() => undefined);
    gzip.destroy();
    throw error;
  }
  gzip.end();
  await done;
  return Buffer.concat(out);
}
