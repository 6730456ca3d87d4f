import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const recorded = require('../../support/file-durations.json') as Record<string, number>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LongestFirstSequencer = require('../../support/longest-first.sequencer.js') as new () => {
  sort: (tests: FakeTest[]) => FakeTest[];
  cacheResults: (tests: FakeTest[], results: { testResults: Array<{ testFilePath: string; numFailingTests: number; perfStats: { runtime: number } }> }) => void;
};

interface FakeTest {
  path: string;
  duration?: number;
  context: { config: { cache: boolean; cacheDirectory: string; id: string; haste: object }; hasteFS: { getSize: (path: string) => number } };
}

/**
 * The order `npm test` runs files in (test/support/longest-first.sequencer.js, docs/architecture.md
 * "Tests"): on a fresh clone, whose jest cache is empty, the files recorded as the longest run
 * first, longest first, so no worker is left alone with one at the end of the run.
 */
describe('the test files order', () => {
  it('records only files that exist', () => {
    expect(Object.keys(recorded).filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('runs the recorded files first, longest first, then the others by size, on an empty jest cache', () => {
    const listed = execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--listTests', '--cacheDirectory', mkdtempSync(join(tmpdir(), 'hcs-jest-cache-'))],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
      .trim()
      .split('\n')
      .map((path) => relative(ROOT, path));
    const first = listed.slice(0, Object.keys(recorded).length);
    expect([...first].sort()).toEqual(Object.keys(recorded).sort());
    const seconds = first.map((path) => recorded[path]);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
    const sizes = listed.slice(first.length).map((path) => statSync(join(ROOT, path)).size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('takes jest’s own durations over the recorded ones once it has them', () => {
    const context = {
      config: { cache: true, cacheDirectory: mkdtempSync(join(tmpdir(), 'hcs-jest-cache-')), id: 'order', haste: {} },
      hasteFS: { getSize: () => 1 },
    };
    const recordedLongest = Object.entries(recorded).sort(([, a], [, b]) => b - a)[0][0];
    const tests: FakeTest[] = ['a-quick.spec.ts', recordedLongest, 'a-slow.spec.ts', 'never-run.spec.ts'].map((path) => ({ path: join(ROOT, path), context }));
    new LongestFirstSequencer().cacheResults(tests, {
      testResults: [
        { testFilePath: join(ROOT, 'a-quick.spec.ts'), numFailingTests: 0, perfStats: { runtime: 50 } },
        { testFilePath: join(ROOT, 'a-slow.spec.ts'), numFailingTests: 0, perfStats: { runtime: 10_000_000 } },
      ],
    });
    const order = new LongestFirstSequencer().sort(tests).map((test) => relative(ROOT, test.path));
    expect(order).toEqual(['a-slow.spec.ts', recordedLongest, 'a-quick.spec.ts', 'never-run.spec.ts']);
  });
});
