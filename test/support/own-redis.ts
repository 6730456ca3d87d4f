import { ChildProcess, spawn } from 'node:child_process';
import { freePort } from './processes';

/** A redis-server of the test's own (never the machine's shared one), so a test can stop and restart it. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 5000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${this.port}`).then(
        () => true,
        (error: { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
      );
      if (up) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not start on ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops it hard: nothing is saved, as when a Redis host dies. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}
