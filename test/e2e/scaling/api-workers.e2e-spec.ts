import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { distEntry, eventually, freePort } from '../../support/processes';

const ROOT = join(__dirname, '..', '..', '..');

function children(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .sort();
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** API_WORKERS=2 (docs/scaling.md): two api processes share one port, a dead one is replaced, SIGTERM stops all. */
describe('API_WORKERS: several api processes on one port', () => {
  let primary: ChildProcess;
  let baseUrl: string;
  let stderr = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, [distEntry('api')], { env: { ...process.env, PORT: String(port), BASE_URL: baseUrl, API_WORKERS: '2' }, cwd: ROOT });
    primary.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    exited = new Promise((resolve) => primary.on('exit', (code, signal) => resolve({ code, signal })));
    const up = await eventually(
      async () =>
        children(primary.pid!).length === 2 &&
        (await fetch(`${baseUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        )),
      (ok) => ok,
      90_000,
      200,
    );
    if (!up) throw new Error(`api cluster did not come up: ${stderr}`);
    // Both processes listen before the tests start.
    await eventually(
      async () => (stderr.match(/api listening/g) ?? []).length,
      (n) => n >= 2,
      90_000,
      200,
    );
    // Bounds for a loaded machine of this size, not speed targets.
  }, 200_000);

  afterAll(() => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    for (const pid of children(primary.pid!)) process.kill(pid, 'SIGKILL');
  });

  it('serves the port from two processes', async () => {
    expect(children(primary.pid!)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${baseUrl}/healthz`).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);
  });

  it('replaces a process that dies (kill -9) and keeps answering', async () => {
    const before = children(primary.pid!);
    process.kill(before[0], 'SIGKILL');
    // A kept-alive connection to the killed process drops with it; a new one lands on the survivor.
    const status = await eventually(
      () =>
        fetch(`${baseUrl}/healthz`, { headers: { connection: 'close' } }).then(
          (r) => r.status,
          () => 0,
        ),
      (s) => s === 200,
      5_000,
      50,
    );
    expect(status).toBe(200);
    const after = await eventually(
      async () => children(primary.pid!),
      (pids) => pids.length === 2 && !pids.includes(before[0]),
      30_000,
      200,
    );
    expect(after).toHaveLength(2);
    expect(after).toContain(before[1]);
    expect(stderr).toMatch(new RegExp(`api process ${before[0]} died`));
    await eventually(
      async () => (stderr.match(/api listening/g) ?? []).length,
      (n) => n >= 3,
      30_000,
      200,
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${baseUrl}/healthz`).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);
  }, 60_000);

  it('stops every process gracefully on SIGTERM and exits 0', async () => {
    const pids = children(primary.pid!);
    const started = Date.now();
    primary.kill('SIGTERM');
    const { code } = await exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(stderr).toMatch(/SIGTERM: stopping 2 api processes/);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  }, 30_000);
});
