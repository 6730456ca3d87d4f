// parse-prometheus-text-format ships no types: the shape it returns, as far as the tests read it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parse = require('parse-prometheus-text-format') as (text: string) => MetricFamily[];

export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string> }>;
}

/** Parses a Prometheus text exposition into families keyed by name. */
export function parseMetrics(text: string): Map<string, MetricFamily> {
  return new Map(parse(text).map((f) => [f.name, f]));
}

/** The value of the series of `family` whose labels include `labels` (0 when absent). */
export function sample(families: Map<string, MetricFamily>, family: string, labels: Record<string, string> = {}): number {
  const series = families.get(family)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return series?.value === undefined ? 0 : Number(series.value);
}
