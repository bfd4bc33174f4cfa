import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser';

const port = Number(process.env.E2E_PORT ?? 8791);

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  // One worker by default: with two, spec files run side by side (each story is its own shopper on its
  // own address), but on a loaded 2-core machine long checkout stories then overran their 30 s.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
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
