import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser';

const port = Number(process.env.E2E_PORT ?? 8791);

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  // One worker by default; npm test runs two (E2E_WORKERS=2): spec files side by side, each story its
  // own shopper on its own address, and stories that change shared stock pick different products. A
  // story mostly waits on its pages, so two fit on two cores once nothing else runs beside them; 45 s
  // a story leaves room on a slower machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 45_000,
  // A page change waits for its route's code and data before the address changes: beside the Vitest
  // run on two cores that passed Playwright's 5 s default (her orders after the thanks page, 2026-11-29).
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // A trace records every action's DOM and screen as it goes: a quarter of the e2e phase's CPU on two
    // cores. CI prints the failure and keeps its screenshot; locally the trace of a failed story stays.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The site's service worker answers pages and build files itself, and Playwright's request
    // routing does not see what a service worker fetches: stories run without it, except
    // installable-app.spec.ts, which allows it to test it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node scripts/serve-built.mjs',
    cwd: '../..',
    url: `http://localhost:${port}/.well-known/assetlinks.json`,
    env: { PORT: String(port), WRANGLER_STATE: '.wrangler/e2e-state' },
    reuseExistingServer: !process.env.CI,
    // A fresh clone renders and stores the catalogue images on its first seed (about a minute on 2 cores).
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
