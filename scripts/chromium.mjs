// The Chromium this project drives (e2e tests, Lighthouse): CHROMIUM_PATH, then Debian's
// /usr/bin/chromium. Flags keep it quiet on a machine without outside network.
import { existsSync } from 'node:fs';

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

/** @param {Array<string | undefined>} [extra] further candidates, tried last */
export function findChromium(extra = []) {
  return [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, '/usr/bin/chromium', ...extra].find((p) => !!p && existsSync(p));
}
