import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unusedStem, writeResults } from '../../../bench/lib/report';

/** A second full run of the same commit on the same day keeps the first run's results (docs/performance.md). */
describe('bench result names', () => {
  it('names a repeated run of the same stem -run2, -run3, … and overwrites nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hcs-bench-names-'));
    for (const n of [1, 2, 3]) writeResults(dir, unusedStem(dir, '2026-11-27-abc1234'), { n }, [], `run ${n}`);

    expect(readdirSync(dir).sort()).toEqual([
      '2026-11-27-abc1234-run2.json',
      '2026-11-27-abc1234-run2.svg',
      '2026-11-27-abc1234-run3.json',
      '2026-11-27-abc1234-run3.svg',
      '2026-11-27-abc1234.json',
      '2026-11-27-abc1234.svg',
    ]);
    expect(JSON.parse(readFileSync(join(dir, '2026-11-27-abc1234.json'), 'utf8'))).toEqual({ n: 1 });
    expect(JSON.parse(readFileSync(join(dir, '2026-11-27-abc1234-run3.json'), 'utf8'))).toEqual({ n: 3 });
  });
});
