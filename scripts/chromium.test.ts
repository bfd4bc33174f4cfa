// A machine with no system Chromium and no system fonts still runs the browser tests: the
// Chromium inside the @sparticuz/chromium tarball launches under Playwright, offline, and renders
// Arabic with the web font the storefront ships (as client/styles/app.css loads it).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { CHROMIUM_FLAGS, chromiumOrPackaged, findChromium } from './chromium.mjs';

const font = readFileSync(
  new URL(
    '../node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2',
    import.meta.url,
  ),
);
const page = `<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><style>
@font-face { font-family: 'Noto Sans Arabic'; src: url('/arabic.woff2') format('woff2'); }
body { margin: 0; font: 48px 'Noto Sans Arabic', sans-serif; color: #000; background: #fff; }
</style><p id="word">مرحبا</p><p id="alefs">ااااا</p></html>`;

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/arabic.woff2') res.writeHead(200, { 'content-type': 'font/woff2' }).end(font);
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('with no CHROMIUM_PATH and the system Chromium skipped, the packaged Chromium renders an Arabic page', {
  timeout: 90_000,
}, async () => {
  vi.stubEnv('CHROMIUM_PATH', '');
  vi.stubEnv('CHROME_PATH', '');
  vi.stubEnv('CHROMIUM_SKIP_SYSTEM', '1');
  try {
    expect(findChromium()).toBeUndefined();
    const path = chromiumOrPackaged();
    expect(path).not.toBe('/usr/bin/chromium');
    expect(path.startsWith(tmpdir())).toBe(true);

    // Only the package's own fonts (Open Sans), as on a machine without any system fonts.
    const browser = await chromium.launch({
      executablePath: path,
      args: CHROMIUM_FLAGS,
      env: { ...process.env, FONTCONFIG_PATH: join(tmpdir(), 'fonts') },
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 390, height: 300 } });
      await tab.goto(base);
      await tab.evaluate(() => document.fonts.ready);
      expect(await tab.evaluate(() => document.fonts.check("48px 'Noto Sans Arabic'", 'مرحبا'))).toBe(true);
      // Missing glyphs draw as equal boxes; real Arabic letters have their own widths.
      const [word, alefs] = await tab.evaluate(() =>
        ['word', 'alefs'].map((id) => {
          const r = document.createRange();
          r.selectNodeContents(document.getElementById(id)!);
          return r.getBoundingClientRect().width;
        }),
      );
      expect(word).toBeGreaterThan(0);
      expect(Math.abs(word! - alefs!)).toBeGreaterThan(10);
      // And the page really painted: dark ink on the white page.
      const shot = await tab.screenshot({ path: join(tmpdir(), 'packaged-chromium-arabic.png') });
      const { channels } = await sharp(shot).stats();
      expect(channels[0]!.min).toBeLessThan(60);
    } finally {
      await browser.close();
    }
  } finally {
    vi.unstubAllEnvs();
  }
});
