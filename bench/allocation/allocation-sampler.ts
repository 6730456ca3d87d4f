/**
 * Preloaded into a measured process (`node -r …/allocation-sampler.js`) by `npm run bench:alloc`:
 * V8's sampling heap profiler, switched on and off over a loopback control port
 * (ALLOCATION_SAMPLER_PORT), counting every sampled allocation, also those the garbage collector
 * has freed since: what a request allocates, not what it keeps. Bench only.
 */
import { createServer } from 'node:http';
import { Session } from 'node:inspector';

/** One sample per 1 KiB allocated on average: about 50 per request of the bare route. */
const SAMPLING_INTERVAL_BYTES = 1024;

const session = new Session();
session.connect();

createServer((req, res) => {
  const answer = (error: Error | null, result?: unknown) => {
    res.statusCode = error ? 500 : 200;
    res.end(error ? error.message : JSON.stringify(result ?? {}));
  };
  if (req.url === '/start') {
    session.post(
      'HeapProfiler.startSampling',
      { samplingInterval: SAMPLING_INTERVAL_BYTES, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true },
      (error) => answer(error),
    );
  } else if (req.url === '/stop') {
    session.post('HeapProfiler.stopSampling', (error, result) => answer(error, result?.profile));
  } else {
    res.statusCode = 404;
    res.end();
  }
})
  .listen(Number(process.env.ALLOCATION_SAMPLER_PORT), '127.0.0.1')
  .unref();
