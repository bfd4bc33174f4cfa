// Finds a Chromium for the e2e tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
// Playwright's own download. Never skips silently.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', safe(() => chromium.executablePath())];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) {
    throw new Error('No Chromium found for e2e tests: run `apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium binary.');
  }
  return found;
}

function safe(fn: () => string): string | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
