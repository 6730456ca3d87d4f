import { isConnectionError, ReachabilityLog } from './reachability-log';

describe('ReachabilityLog', () => {
  const setup = () => {
    const lines: string[] = [];
    const log = new ReachabilityLog('Redis', { down: (m) => lines.push(`down: ${m}`), up: (m) => lines.push(`up: ${m}`) });
    return { log, lines };
  };
  const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');

  it('logs an outage once, however many connections fail however often, and once when it is over', () => {
    const { log, lines } = setup();
    for (let attempt = 0; attempt < 20; attempt++) for (const connection of ['shared', 'queue:a', 'worker:a']) log.failed(connection, refused);
    expect(log.down).toBe(true);
    expect(lines).toEqual(['down: Redis unreachable (connect ECONNREFUSED 127.0.0.1:6379); reconnecting, logged again when it is back']);
    log.recovered('shared');
    log.recovered('queue:a');
    expect(lines).toHaveLength(1);
    log.recovered('worker:a');
    log.recovered('worker:a');
    expect(log.down).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/^down: /), 'up: Redis reachable again']);
  });

  it('logs each new outage again', () => {
    const { log, lines } = setup();
    log.failed('shared', refused);
    log.recovered('shared');
    log.failed('shared', new Error('read ECONNRESET'));
    expect(lines).toEqual([expect.stringMatching(/^down: .*ECONNREFUSED/), 'up: Redis reachable again', expect.stringMatching(/^down: .*ECONNRESET/)]);
  });

  it('says nothing for a connection that was never down, or one closed on purpose', () => {
    const { log, lines } = setup();
    log.recovered('shared');
    log.failed('queue:a', refused);
    log.forget('queue:a');
    expect(log.down).toBe(false);
    log.recovered('queue:a');
    expect(lines).toEqual([expect.stringMatching(/^down: /)]);
  });

  it('is silent once the process is stopping', () => {
    const { log, lines } = setup();
    log.silence();
    log.failed('shared', refused);
    log.recovered('shared');
    expect(lines).toEqual([]);
  });

  it('tells connection errors from command errors', () => {
    const refusedCode = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    expect(
      [refusedCode, new Error('Connection is closed.'), new Error('read ECONNRESET'), new Error('Failed to refresh slots cache.')].map(isConnectionError),
    ).toEqual([true, true, true, true]);
    expect([new Error('NOSCRIPT No matching script'), new Error('Missing lock for job 1. moveToFinished'), 'ECONNREFUSED'].map(isConnectionError)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
