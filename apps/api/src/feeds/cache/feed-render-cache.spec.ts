import { gunzipSync } from 'node:zlib';
import { FeedRenderCache } from './feed-render-cache';
import { RenderedFeedStore } from '@hcs/domain';

/** The store's contract in memory: one copy per key, a lock per key. */
class MemoryStore extends RenderedFeedStore {
  readonly copies = new Map<string, { etag: string; body: Buffer }>();
  readonly locks = new Map<string, string>();
  reads = 0;
  async get(key: string, etag: string) {
    this.reads += 1;
    const copy = this.copies.get(key);
    return copy && copy.etag === etag ? copy.body : null;
  }
  async put(key: string, etag: string, body: Buffer) {
    this.copies.set(key, { etag, body });
  }
  async lock(key: string, token: string) {
    if (this.locks.has(key)) return false;
    this.locks.set(key, token);
    return true;
  }
  async unlock(key: string, token: string) {
    if (this.locks.get(key) === token) this.locks.delete(key);
  }
}

function renderer(text: string) {
  const calls = { count: 0 };
  const render = async function* () {
    calls.count += 1;
    await new Promise((r) => setTimeout(r, 20));
    yield text.slice(0, 3);
    yield text.slice(3);
  };
  return { calls, render };
}

const plain = (gzip: Buffer) => gunzipSync(gzip).toString('utf8');

describe('FeedRenderCache', () => {
  it('renders once per ETag and serves the copy afterwards', async () => {
    const store = new MemoryStore();
    const cache = new FeedRenderCache(store);
    const { calls, render } = renderer('<doc>one</doc>');
    const first = await cache.rendered('ari:t', '"a"', render);
    const second = await cache.rendered('ari:t', '"a"', render);
    expect([first.rendered, second.rendered, calls.count]).toEqual([true, false, 1]);
    expect(plain(second.gzip)).toBe('<doc>one</doc>');
  });

  it("answers a repeat of the same ETag from the process's own copy, without reading the store", async () => {
    const store = new MemoryStore();
    const here = new FeedRenderCache(store);
    const { calls, render } = renderer('<doc>one</doc>');
    await new FeedRenderCache(store).rendered('ari:t', '"a"', render);
    const reads = store.reads;

    const found = await here.rendered('ari:t', '"a"', render);
    expect(store.reads).toBe(reads + 1);
    const again = await here.rendered('ari:t', '"a"', render);
    expect([again.rendered, store.reads, calls.count, plain(again.gzip)]).toEqual([false, reads + 1, 1, '<doc>one</doc>']);
    expect(again.gzip).toBe(found.gzip);

    // Another ETag of the same feed is never answered with the copy kept for the first.
    const two = renderer('<doc>two</doc>');
    const moved = await here.rendered('ari:t', '"b"', two.render);
    expect([moved.rendered, plain(moved.gzip)]).toEqual([true, '<doc>two</doc>']);
  });

  it('renders again when the ETag moved', async () => {
    const cache = new FeedRenderCache(new MemoryStore());
    const one = renderer('<doc>one</doc>');
    const two = renderer('<doc>two</doc>');
    await cache.rendered('ari:t', '"a"', one.render);
    const moved = await cache.rendered('ari:t', '"b"', two.render);
    expect([moved.rendered, two.calls.count, plain(moved.gzip)]).toEqual([true, 1, '<doc>two</doc>']);
  });

  it('shares one render among concurrent requests of one process', async () => {
    const cache = new FeedRenderCache(new MemoryStore());
    const { calls, render } = renderer('<doc/>');
    const all = await Promise.all(Array.from({ length: 10 }, () => cache.rendered('ari:t', '"a"', render)));
    expect(calls.count).toBe(1);
    expect(all.filter((r) => r.rendered)).toHaveLength(1);
    expect(new Set(all.map((r) => plain(r.gzip)))).toEqual(new Set(['<doc/>']));
  });

  it('waits for the render another process holds the lock for, and renders nothing itself', async () => {
    const store = new MemoryStore();
    const here = new FeedRenderCache(store);
    const there = new FeedRenderCache(store);
    const { calls, render } = renderer('<doc/>');
    const [a, b] = await Promise.all([there.rendered('ari:t', '"a"', render), here.rendered('ari:t', '"a"', render)]);
    expect(calls.count).toBe(1);
    expect([a.rendered, b.rendered].sort()).toEqual([false, true]);
    expect(store.locks.size).toBe(0);
  });

  it('releases the lock when a render fails, so the next request renders', async () => {
    const store = new MemoryStore();
    const cache = new FeedRenderCache(store);
    // eslint-disable-next-line require-yield
    const failing = async function* (): AsyncGenerator<string> {
      throw new Error('database gone');
    };
    await expect(cache.rendered('ari:t', '"a"', failing)).rejects.toThrow('database gone');
    expect(store.locks.size).toBe(0);
    const { render } = renderer('<doc/>');
    await expect(cache.rendered('ari:t', '"a"', render)).resolves.toMatchObject({ rendered: true });
  });

  it('renders one feed at a time per process, whatever the tenant', async () => {
    const cache = new FeedRenderCache(new MemoryStore());
    let running = 0;
    let most = 0;
    const render = async function* () {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      yield '<doc/>';
      running -= 1;
    };
    await Promise.all(['t1', 't2', 't3'].map((t) => cache.rendered(`ari:${t}`, '"a"', render)));
    expect(most).toBe(1);
  });
});
