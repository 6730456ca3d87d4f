import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { logDestination } from './log-destination';

describe('logDestination', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'hcs-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('has written each line to its file descriptor when the logging call returns, with no hand-off to the thread pool', () => {
    const file = join(dir, 'log.ndjson');
    const fd = openSync(file, 'a');
    try {
      const logger = pino({ base: { service: 'hcs-test' } }, logDestination(fd));
      logger.info({ n: 1 }, 'first');
      logger.info({ n: 2 }, 'second');
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { n: number; msg: string; service: string });
      expect(lines.map(({ n, msg, service }) => ({ n, msg, service }))).toEqual([
        { n: 1, msg: 'first', service: 'hcs-test' },
        { n: 2, msg: 'second', service: 'hcs-test' },
      ]);
    } finally {
      closeSync(fd);
    }
  });
});
