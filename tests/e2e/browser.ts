// Finds a Chromium for the e2e tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
// Playwright's own download. Never skips silently.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium.mjs';

export function chromiumPath(): string {
  const found = findChromium([safe(() => chromium.executablePath())]);
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

export const CHROMIUM_ARGS = CHROMIUM_FLAGS;
