import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One row of the bench table: a figure, what it is compared with in the same run, and the target. */
export interface Row {
  scenario: string;
  /** Throughput (requests, chains per second) or the measured count, with its unit; null when it could not be measured (`note` says why). */
  value: number | null;
  unit: string;
  p50_ms: number | null;
  p99_ms: number | null;
  baseline: string | null;
  baseline_value: number | null;
  ratio: number | null;
  target: string;
  met: boolean | null;
  /** Printed under the table: why a row was not measured, or what it read. */
  note?: string;
}

export function ratio(value: number, baseline: number): number {
  return baseline > 0 ? Number((value / baseline).toFixed(4)) : 0;
}

const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
const num = (n: number | null) => (n === null ? '-' : String(n));

export function printTable(rows: Row[], out: NodeJS.WritableStream): void {
  const header = `${pad('scenario', 46)} ${'value'.padStart(10)} ${pad('unit', 12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  ${pad('baseline', 26)} ${'ratio'.padStart(7)}  ${pad('target', 28)} met`;
  out.write(`${header}\n${'-'.repeat(header.length)}\n`);
  for (const r of rows) {
    const baseline = r.baseline ? `${r.baseline} ${num(r.baseline_value)}` : '-';
    out.write(
      `${pad(r.scenario, 46)} ${(r.value === null ? 'n/a' : String(r.value)).padStart(10)} ${pad(r.unit, 12)} ${num(r.p50_ms).padStart(8)} ${num(r.p99_ms).padStart(8)}  ${pad(baseline, 26)} ${num(r.ratio).padStart(7)}  ${pad(r.target, 28)} ${r.met === null ? '-' : r.met ? 'yes' : 'NO'}\n`,
    );
  }
  for (const r of rows) if (r.note) out.write(`* ${r.scenario}: ${r.note}\n`);
}

/** A small hand-drawn SVG: throughput (left) and p99 latency (right) per scenario that has them. */
export function chartSvg(rows: Row[], title: string): string {
  const charted = rows.filter((r) => r.p99_ms !== null);
  const barH = 22;
  const top = 50;
  const labelW = 300;
  const panelW = 260;
  const height = top + charted.length * (barH + 8) + 30;
  const maxValue = Math.max(...charted.map((r) => r.value ?? 0), 1);
  const maxP99 = Math.max(...charted.map((r) => r.p99_ms ?? 0), 1);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const bars = charted
    .map((r, i) => {
      const y = top + i * (barH + 8);
      const w1 = Math.max(1, ((r.value ?? 0) / maxValue) * panelW);
      const w2 = Math.max(1, ((r.p99_ms ?? 0) / maxP99) * panelW);
      return [
        `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${esc(r.scenario)}</text>`,
        `<rect x="${labelW}" y="${y}" width="${w1.toFixed(1)}" height="${barH}" fill="#3b82f6"/>`,
        `<text x="${labelW + w1 + 4}" y="${y + 15}">${r.value ?? '-'} ${esc(r.unit)}</text>`,
        `<rect x="${labelW + panelW + 140}" y="${y}" width="${w2.toFixed(1)}" height="${barH}" fill="#f97316"/>`,
        `<text x="${labelW + panelW + 144 + w2}" y="${y + 15}">${r.p99_ms} ms</text>`,
      ].join('');
    })
    .join('\n');
  const width = labelW + 2 * panelW + 220;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="10" y="20" font-size="15" font-weight="bold">${esc(title)}</text>
<text x="${labelW}" y="40" font-weight="bold">throughput</text>
<text x="${labelW + panelW + 140}" y="40" font-weight="bold">p99 latency</text>
${bars}
</svg>
`;
}

/** `stem`, or `stem-run2`, `stem-run3`, … when a run of the same commit and day already wrote its results there. */
export function unusedStem(dir: string, stem: string): string {
  if (!existsSync(join(dir, `${stem}.json`))) return stem;
  for (let run = 2; ; run += 1) if (!existsSync(join(dir, `${stem}-run${run}.json`))) return `${stem}-run${run}`;
}

export function writeResults(dir: string, stem: string, report: object, rows: Row[], title: string): { json: string; svg: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${stem}.json`);
  const svg = join(dir, `${stem}.svg`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(svg, chartSvg(rows, title));
  return { json, svg };
}
