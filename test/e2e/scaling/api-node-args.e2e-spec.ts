import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';

/**
 * The node flags every starter gives the api (docs/scaling.md "The api's node flags"):
 * `scripts/api-node-args.mjs` prints package.json's V8 flags, plus AsyncContextFrame where the
 * runtime names it so, and nothing a runtime would refuse to start with.
 */
describe('the api node flags', () => {
  const printed = execFileSync(process.execPath, [join(ROOT, 'scripts', 'api-node-args.mjs')], { encoding: 'utf8' })
    .trim()
    .split(' ');
  const configured = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { config: { api_node_args: string } }).config.api_node_args.split(' ');

  it('are the configured V8 flags, with AsyncContextFrame on a runtime that has the flag', () => {
    const expected = process.allowedNodeEnvironmentFlags.has(ASYNC_CONTEXT_FRAME) ? [...configured, ASYNC_CONTEXT_FRAME] : configured;
    expect(printed).toEqual(expected);
  });

  it('start this runtime, AsyncLocalStorage carrying its store across awaits', () => {
    const script = `const { AsyncLocalStorage } = require('node:async_hooks');
      const als = new AsyncLocalStorage();
      als.run('kept', async () => { await new Promise((r) => setImmediate(r)); process.stdout.write(String(als.getStore())); });`;
    const run = spawnSync(process.execPath, [...printed, '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('kept');
  });
});
