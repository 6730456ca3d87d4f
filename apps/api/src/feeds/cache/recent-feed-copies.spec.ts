import { RecentFeedCopies } from './recent-feed-copies';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('RecentFeedCopies', () => {
  it('finds a copy under its own ETag only, and the newest copy of a key replaces the older', () => {
    const copies = new RecentFeedCopies(100);
    copies.keep('ari:t', '"a"', bytes(10));
    expect(copies.get('ari:t', '"a"')).toEqual(bytes(10));
    expect(copies.get('ari:t', '"b"')).toBeNull();
    expect(copies.get('ari:u', '"a"')).toBeNull();

    copies.keep('ari:t', '"b"', bytes(20, 2));
    expect([copies.get('ari:t', '"a"'), copies.get('ari:t', '"b"'), copies.size]).toEqual([null, bytes(20, 2), 20]);
  });

  it('keeps at most its bytes, letting the least recently served go first', () => {
    const copies = new RecentFeedCopies(100);
    copies.keep('one', '"1"', bytes(40));
    copies.keep('two', '"2"', bytes(40));
    copies.get('one', '"1"');
    copies.keep('three', '"3"', bytes(40));

    expect([copies.get('one', '"1"') !== null, copies.get('two', '"2"') !== null, copies.get('three', '"3"') !== null]).toEqual([true, false, true]);
    expect(copies.size).toBe(80);
  });

  it('keeps nothing larger than the whole bound, and drops the older copy of that key', () => {
    const copies = new RecentFeedCopies(100);
    copies.keep('ari:t', '"a"', bytes(50));
    copies.keep('ari:t', '"b"', bytes(101));

    expect([copies.get('ari:t', '"a"'), copies.get('ari:t', '"b"'), copies.size]).toEqual([null, null, 0]);
  });
});
