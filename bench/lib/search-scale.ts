import { isoDay } from './fixtures';
import { measure, Measured } from './load';

/** A seeded bench tenant: the CLI's `hcs seed bench --json` answer. */
export interface ScaleTenant {
  properties: number;
  agentApiKey: string;
}

export interface SearchAtScale {
  city: string;
  small: { properties: number; p95_ms: number; windows: Measured[] };
  large: { properties: number; p95_ms: number; windows: Measured[] };
  /** Large tenant's p95 ÷ small tenant's: search's cost follows the matching properties, not the tenant, when this stays near 1. */
  ratio: number;
}

/**
 * The same city search (the same ~N matching properties) on a small tenant and on a tenant ten
 * times larger, in alternated windows (small, large, large, small) so a machine that changes speed
 * over the run weighs on both alike; each tenant's p95 is the mean of its two windows' p95.
 */
export async function searchAtScale(options: {
  url: string;
  city: string;
  small: ScaleTenant;
  large: ScaleTenant;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
}): Promise<SearchAtScale> {
  const target = (tenant: ScaleTenant) => {
    let i = 0;
    return {
      url: options.url,
      headers: { authorization: `Bearer ${tenant.agentApiKey}`, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/v1/search',
          setupRequest: (req: { body?: string }) => {
            i += 1;
            const start = 14 + (i % 60);
            const body = {
              destination: { type: 'area', value: options.city },
              stay: { check_in: isoDay(start), check_out: isoDay(start + 2 + (i % 3)) },
              guests: { adults: 2 },
            };
            return { ...req, body: JSON.stringify(body) };
          },
        },
      ],
    };
  };
  const small = target(options.small);
  const large = target(options.large);
  if (options.warmUpSeconds > 0) {
    await measure(small, options.connections, options.warmUpSeconds);
    await measure(large, options.connections, options.warmUpSeconds);
  }
  const windows = { small: [] as Measured[], large: [] as Measured[] };
  for (const which of ['small', 'large', 'large', 'small'] as const) {
    windows[which].push(await measure(which === 'small' ? small : large, options.connections, options.seconds));
  }
  const p95 = (ms: Measured[]) => Number((ms.reduce((sum, m) => sum + m.p95_ms, 0) / ms.length).toFixed(2));
  const smallP95 = p95(windows.small);
  const largeP95 = p95(windows.large);
  return {
    city: options.city,
    small: { properties: options.small.properties, p95_ms: smallP95, windows: windows.small },
    large: { properties: options.large.properties, p95_ms: largeP95, windows: windows.large },
    ratio: smallP95 > 0 ? Number((largeP95 / smallP95).toFixed(4)) : 0,
  };
}
