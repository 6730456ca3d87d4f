import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser tests drive Debian's `chromium` package (no downloaded browser builds). A fresh
 * machine gets it installed here; if that is impossible the tests fail with the reason, never skip.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  const sudo = root ? '' : 'sudo -n ';
  try {
    execSync(`${sudo}apt-get install -y chromium || (${sudo}apt-get update && ${sudo}apt-get install -y chromium)`, {
      stdio: 'inherit',
      timeout: 600_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    throw new Error(
      `${CHROMIUM} is missing and \`apt-get install -y chromium\` failed (${error instanceof Error ? error.message : String(error)}); install it and rerun`,
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is still missing after apt-get install -y chromium`);
}

export function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}
