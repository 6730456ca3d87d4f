/** The parts of a V8 .cpuprofile the summary reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** A script URL as the summaries print it: the package path, or `ours/…` for the build. */
export const where = (url: string) => url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'ours/');
const pct = (part: number, total: number) => `${((100 * part) / total).toFixed(1).padStart(5)}%`;

/**
 * Top self-time frames, then the inclusive share of each package (and of our own layers); with
 * `lastMs`, only the samples of the profile's last `lastMs` (a process profiled from boot, read
 * over its timed window alone).
 */
export function summarizeProfile(profile: CpuProfile, top = 20, lastMs = Infinity): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const timeOf = new Map<number, number>();
  const span = profile.timeDeltas.reduce((sum, dt) => sum + dt, 0);
  const from = span - lastMs * 1000;
  let at = 0;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < from) return;
    timeOf.set(id, (timeOf.get(id) ?? 0) + dt);
    total += dt;
  });
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of timeOf) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}${frame.url ? `:${frame.lineNumber}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + t);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const url = byId.get(cur)!.callFrame.url;
      const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.includes('/dist/') ? `ours:${where(url).split('/').slice(1, 3).join('/')}` : null);
      if (pkg && !seen.has(pkg)) {
        seen.add(pkg);
        inclusive.set(pkg, (inclusive.get(pkg) ?? 0) + t);
      }
    }
  }
  const lines = ['self time:'];
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(t, total)}  ${name}`);
  lines.push('inclusive, by package:');
  for (const [name, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(t, total)}  ${name}`);
  return lines.join('\n');
}
