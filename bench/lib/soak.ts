import autocannon from 'autocannon';
import { Service } from './processes';

export interface SoakResult {
  seconds: number;
  requests: number;
  non_2xx: number;
  /** RSS after the first 10% of the soak (warm), at the end, and the highest sample, in MB. */
  start_mb: number;
  end_mb: number;
  max_mb: number;
  samples_mb: number[];
}

/** Mixed read load (property reads, health, discovery) for `seconds`, sampling the api's RSS. */
export async function soak(url: string, api: Service, auth: Record<string, string>, propertyId: string, seconds: number): Promise<SoakResult> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(api.rssMb().now), Math.max(1000, (seconds * 1000) / 30));
  const result = await autocannon({
    url,
    connections: 8,
    duration: seconds,
    headers: auth,
    requests: [
      { method: 'GET', path: `/v1/properties/${propertyId}` },
      { method: 'GET', path: '/healthz' },
      { method: 'GET', path: '/v1/properties' },
    ],
  });
  clearInterval(timer);
  samples.push(api.rssMb().now);
  const warm = samples[Math.floor(samples.length / 10)] ?? samples[0];
  return {
    seconds,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    start_mb: warm,
    end_mb: samples[samples.length - 1],
    max_mb: Math.max(...samples),
    samples_mb: samples,
  };
}
