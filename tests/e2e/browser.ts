// Finds a Chromium for the e2e tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
// Playwright's own download, then the Chromium shipped inside the @sparticuz/chromium npm package.
// Never skips silently.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumOrPackaged } from '../../scripts/chromium.mjs';

export function chromiumPath(): string {
  return chromiumOrPackaged([safe(() => chromium.executablePath())]);
}

function safe(fn: () => string): string | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

export const CHROMIUM_ARGS = CHROMIUM_FLAGS;
