import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

const run = promisify(execFile);

/** One `redis-server --cluster-enabled yes` of the test's cluster. */
export interface ClusterNode {
  port: number;
  busPort: number;
  process: ChildProcess;
}

/**
 * A real Redis Cluster of the test's own: 3 masters with one replica each, on 6 free ports, in a
 * temporary directory (never the machine's Redis). `cluster-node-timeout` is short so that a
 * failover completes within a few seconds.
 */
export class RedisClusterServer {
  readonly nodes: ClusterNode[] = [];
  private dir = '';

  constructor(private readonly nodeTimeoutMs = 1500) {}

  /** `host:port` seeds, as REDIS_CLUSTER_NODES takes them. */
  get seeds(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  }

  async start(): Promise<this> {
    this.dir = mkdtempSync(join(tmpdir(), 'hcs-redis-cluster-'));
    // A test that crashes before its afterAll still leaves no server behind.
    process.once('exit', this.emergencyStop);
    const ports: number[] = [];
    while (ports.length < 12) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    // Each node's cluster bus gets a free port of its own (`cluster-port`), not port + 10000.
    const buses = ports.splice(6);
    ports.forEach((port, i) => this.nodes.push({ port, busPort: buses[i], process: this.spawnNode(port, buses[i]) }));
    await Promise.all(ports.map((port) => this.waitForPing(port)));
    await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'], { timeout: 30_000 });
    await this.waitUntilOk();
    return this;
  }

  private spawnNode(port: number, busPort: number): ChildProcess {
    return spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-port',
        String(busPort),
        '--cluster-config-file',
        join(this.dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        String(this.nodeTimeoutMs),
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore' },
    );
  }

  async cli(port: number, ...args: string[]): Promise<string> {
    const { stdout } = await run('redis-cli', ['-p', String(port), ...args], { timeout: 10_000 });
    return stdout;
  }

  private async waitForPing(port: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pong = await this.cli(port, 'ping').catch(() => '');
      if (pong.trim() === 'PONG') return;
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Waits until every live node says `cluster_state:ok` and knows the same masters. */
  async waitUntilOk(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const live = this.nodes.filter((n) => n.process.exitCode === null && n.process.signalCode === null);
      const states = await Promise.all(live.map((n) => this.cli(n.port, 'cluster', 'info').catch(() => '')));
      if (states.every((s) => s.includes('cluster_state:ok'))) return;
      if (Date.now() > deadline) throw new Error(`the cluster is not ok after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The port of the master that serves `key`'s slot, and of its replica. */
  async ownerOf(key: string): Promise<{ master: number; replica: number }> {
    const live = this.nodes.find((n) => n.process.exitCode === null && n.process.signalCode === null)!;
    const slot = Number((await this.cli(live.port, 'cluster', 'keyslot', key)).trim());
    const lines = (await this.cli(live.port, 'cluster', 'nodes')).trim().split('\n');
    const parsed = lines.map((l) => {
      const [id, addr, flags, masterId, , , , , ...slots] = l.split(' ');
      return { id, port: Number(addr.split('@')[0].split(':')[1]), flags, masterId, slots };
    });
    const owns = (ranges: string[]) =>
      ranges.some((r) => {
        const [a, b] = r.split('-').map(Number);
        return slot >= a && slot <= (b ?? a);
      });
    const master = parsed.find((n) => n.flags.includes('master') && !n.flags.includes('fail') && owns(n.slots));
    if (!master) throw new Error(`no master serves slot ${slot}`);
    const replica = parsed.find((n) => n.masterId === master.id && !n.flags.includes('fail'));
    if (!replica) throw new Error(`the master on ${master.port} has no replica`);
    return { master: master.port, replica: replica.port };
  }

  /** Kills a node like a dead host (SIGKILL, nothing saved). */
  async kill(port: number): Promise<void> {
    const node = this.nodes.find((n) => n.port === port);
    if (!node || node.process.exitCode !== null || node.process.signalCode !== null) return;
    const exited = new Promise((resolve) => node.process.on('exit', resolve));
    node.process.kill('SIGKILL');
    await exited;
  }

  /**
   * Starts a killed node again on its port with its own nodes file: it rejoins the cluster, as a
   * replica of the master that took its slots over.
   */
  async restart(port: number): Promise<void> {
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node on ${port}`);
    if (node.process.exitCode === null && node.process.signalCode === null) return;
    node.process = this.spawnNode(node.port, node.busPort);
    await this.waitForPing(port);
  }

  /** Promotes a replica at once without its master's agreement (`CLUSTER FAILOVER TAKEOVER`). */
  async takeover(replicaPort: number): Promise<void> {
    const answer = (await this.cli(replicaPort, 'cluster', 'failover', 'takeover')).trim();
    if (answer !== 'OK') throw new Error(`CLUSTER FAILOVER TAKEOVER on ${replicaPort}: ${answer}`);
  }

  /**
   * Waits until the replica on `port` has its master's data (`master_link_status:up`): a replica that
   * has not synced yet refuses to take over from a dead master, its data being too old.
   */
  async waitForSync(port: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await this.cli(port, 'info', 'replication').catch(() => '');
      if (info.includes('master_link_status:up')) return;
      if (Date.now() > deadline) throw new Error(`the replica on ${port} did not sync within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits until `port` is a master (its replica promoted after the old master failed). */
  async waitForMaster(port: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const role = await this.cli(port, 'role').catch(() => '');
      if (role.startsWith('master')) return;
      if (Date.now() > deadline) throw new Error(`the node on ${port} was not promoted within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => this.kill(n.port)));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    process.removeListener('exit', this.emergencyStop);
  }

  private readonly emergencyStop = () => {
    for (const n of this.nodes) n.process.kill('SIGKILL');
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  };
}
