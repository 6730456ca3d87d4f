/**
 * The built api with PIPELINE_OFF pieces switched off (bench only; see pipeline-switches.ts) and
 * PATCHES_REVERTED framework patches reverted (framework-patches.ts). Listens on PORT like the
 * api's own main.
 */
import 'reflect-metadata';
import { FRAMEWORK_PATCHES, FrameworkPatch, revertPatches } from './framework-patches';
import { PIPELINE_PIECES, PipelinePiece, switchOff } from './pipeline-switches';

async function main(): Promise<void> {
  const off = (process.env.PIPELINE_OFF ?? '').split(',').filter(Boolean) as PipelinePiece[];
  const unknown = off.filter((p) => !PIPELINE_PIECES.includes(p));
  if (unknown.length > 0) throw new Error(`unknown pipeline pieces: ${unknown.join(', ')}`);
  const reverted = (process.env.PATCHES_REVERTED ?? '').split(',').filter(Boolean) as FrameworkPatch[];
  const unknownPatches = reverted.filter((p) => !FRAMEWORK_PATCHES.includes(p));
  if (unknownPatches.length > 0) throw new Error(`unknown framework patches: ${unknownPatches.join(', ')}`);
  switchOff(off);
  revertPatches(reverted);
  // Loaded after the switches, so the bootstrap picks up the replaced pieces.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { loadConfig } = require('@hcs/platform') as typeof import('@hcs/platform');
  const { createApiApp } = require('../../apps/api/src/bootstrap') as typeof import('../../apps/api/src/bootstrap');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const config = loadConfig(process.env);
  const app = await createApiApp(config);
  await app.listen(config.port, '127.0.0.1');
  process.stderr.write(`pipeline api (off: ${off.join(',') || 'none'}; reverted: ${reverted.join(',') || 'none'}) listening on ${config.port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
