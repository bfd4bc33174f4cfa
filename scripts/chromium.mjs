// The Chromium this project drives (e2e tests, Lighthouse): CHROMIUM_PATH, then Debian's
// /usr/bin/chromium, then the Chromium that the npm package @sparticuz/chromium ships inside its
// tarball, so a fresh machine with neither apt nor a system browser still runs the whole suite.
// Flags keep it quiet on a machine without outside network.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A Chromium already on this machine, or undefined. CHROMIUM_SKIP_SYSTEM=1 ignores Debian's, so the
 * packaged fallback can be exercised on a machine that has one.
 * @param {Array<string | undefined>} [extra] further candidates, tried last
 */
export function findChromium(extra = []) {
  const system = process.env.CHROMIUM_SKIP_SYSTEM === '1' ? [] : ['/usr/bin/chromium'];
  return [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, ...system, ...extra].find((p) => !!p && existsSync(p));
}

/**
 * The packaged Chromium: @sparticuz/chromium unpacks its brotli'd binary (and Open Sans) into the
 * temp directory on first use, a few seconds, then reuses it. Synchronous (a child Node) because
 * Playwright reads its config synchronously.
 */
export function packagedChromium() {
  const path = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import c from '@sparticuz/chromium'; process.stdout.write(await c.executablePath())",
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
  applyBundledFontsIfNone();
  return path;
}

/** A machine without fontconfig's system config has no fonts: give Chromium the package's own. */
function applyBundledFontsIfNone() {
  const bundled = join(tmpdir(), 'fonts');
  if (
    !process.env.FONTCONFIG_FILE &&
    !process.env.FONTCONFIG_PATH &&
    !existsSync('/etc/fonts/fonts.conf') &&
    existsSync(join(bundled, 'fonts.conf'))
  ) {
    process.env.FONTCONFIG_PATH = bundled;
  }
}

/** The Chromium to launch: one on this machine, else the packaged one. Never undefined. */
export function chromiumOrPackaged(extra = []) {
  return findChromium(extra) ?? packagedChromium();
}
