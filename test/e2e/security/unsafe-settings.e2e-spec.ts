import { distEntry, runNode, startApiProcess } from '../../support/processes';

// Each boot is a fresh Node process with Nest: seconds, not milliseconds.
jest.setTimeout(60_000);

const PRODUCTION = {
  NODE_ENV: 'production',
  BASE_URL: 'https://api.hcs.example',
  DELEGATION_AUDIENCE: 'https://api.hcs.example',
  PAYMENTS_SANDBOX: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'false',
  METRICS_TOKEN: 'test-only metrics token',
};

/** Issue 18 point 6: the built processes refuse unsafe production settings and warn about forgotten NODE_ENV. */
describe('unsafe settings at process start', () => {
  const entry = (app: 'api' | 'worker') => distEntry(app).slice(process.cwd().length + 1);

  it.each([
    ['api', { WEBHOOK_ALLOW_PRIVATE: 'true' }, 'WEBHOOK_ALLOW_PRIVATE'],
    ['api', { METRICS_TOKEN: '' }, 'METRICS_TOKEN'],
    ['api', { ADVISOR_LLM_URL: 'http://llm.internal/v1' }, 'ADVISOR_LLM_URL'],
    ['worker', { METRICS_TOKEN: '', WORKER_METRICS_HOST: '0.0.0.0' }, 'METRICS_TOKEN'],
  ] as const)('the %s refuses %j in production', async (app, unsafe, name) => {
    const { done } = runNode(entry(app), [], { ...PRODUCTION, ...unsafe, PORT: '0', WORKER_METRICS_PORT: '19464' });
    const finished = await done;
    expect(finished.code).toBe(1);
    expect(finished.stderr).toContain(`${name}:`);
  });

  it('an api started without NODE_ENV and a public BASE_URL warns once that it runs with development defaults', async () => {
    const api = await startApiProcess({ NODE_ENV: '', BASE_URL: 'https://api.hcs.example' });
    try {
      const { stderr } = api.output();
      expect(stderr.match(/WARNING: NODE_ENV is not set/g)).toHaveLength(1);
      expect(stderr).toContain('DEVELOPMENT DEFAULTS');
    } finally {
      await api.stop();
    }
    const local = await startApiProcess({ NODE_ENV: '' });
    try {
      expect(local.output().stderr).not.toContain('WARNING: NODE_ENV');
    } finally {
      await local.stop();
    }
  });
});
