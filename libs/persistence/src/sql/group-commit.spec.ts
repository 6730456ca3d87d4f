import { GroupCommit } from './group-commit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes a lone item at once and the items asked for meanwhile together, each caller getting its own answer', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const group = new GroupCommit<number, number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((n) => n * 10);
    }, 2);
    const first = group.add(1);
    const rest = [group.add(2), group.add(3), group.add(4)];
    await tick();
    expect(writes).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(writes).toEqual([[1], [2, 3], [4]]);
  });

  it('writes the members of a failed combined write one by one, failing only the bad one', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const group = new GroupCommit<number, string>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      if (items.includes(13)) throw new Error('bad item');
      return items.map(String);
    }, 10);
    const first = group.add(1);
    const good = group.add(2);
    const bad = group.add(13);
    await tick();
    release();
    await expect(first).resolves.toBe('1');
    await expect(good).resolves.toBe('2');
    await expect(bad).rejects.toThrow('bad item');
    expect(writes).toEqual([[1], [2, 13], [2], [13]]);
  });
});
