// The order jest runs test files in (docs/architecture.md "Tests"). Jest runs the longest files
// first when its cache has their durations from an earlier run, so that no worker is left with a
// long file once the others are done. A fresh clone (CI) has no such cache, and jest then orders by
// file size: the bench smoke (80 lines, 134 s on a slow machine) started among the last files and
// the run waited for it. A file without a duration in jest's cache takes the one recorded in
// file-durations.json (seconds, from a run with an empty cache on a slow machine of this size: the
// files of 40 s and more); the files with a duration run first, longest first, then the others by
// size. Files that failed last time still run first, as in jest's own order.
const { relative, join } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recorded = require('./file-durations.json');

const ROOT = join(__dirname, '..', '..');

class LongestFirstSequencer extends Sequencer {
  /** Milliseconds: jest's own record of the file's last run, else the committed one, else none. */
  expectedMs(test) {
    const cached = this.time(test);
    if (cached !== undefined) return cached;
    const seconds = recorded[relative(ROOT, test.path)];
    return seconds === undefined ? undefined : seconds * 1000;
  }

  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = this.expectedMs(test);
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      const knownA = a.duration !== undefined;
      if (knownA !== (b.duration !== undefined)) return knownA ? -1 : 1;
      if (knownA) return b.duration - a.duration;
      return size(b) - size(a);
    });
  }
}

module.exports = LongestFirstSequencer;
