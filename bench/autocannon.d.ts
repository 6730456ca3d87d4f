// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request) => Request;
    }
    interface Options {
      url?: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      method?: string;
      body?: string;
      requests?: Request[];
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    }
    type Instance = EventEmitter & PromiseLike<Result>;
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
