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

// Without a GPU, headless Chromium composites every frame through SwiftShader's software GL in its GPU
// process; software compositing in the browser process does the same work for less CPU (the e2e phase
// is CPU-bound on two cores). Pages look the same: nothing in the shop uses WebGL.
// V8's lite mode (interpreter only, no optimizing compilers): a story's page lives seconds, and
// compiling its scripts' hot functions optimized costs more than it saves. Six spec files, one worker,
// five runs each (2026-11-29): Chromium's renderers 37 CPU-seconds in lite mode against 47–49 without,
// the files 102 against 121–122 in all. Behaviour is the same (the shop's pages carry no WebAssembly,
// which lite mode would turn off); the bench's Lighthouse runs keep the full engine.
const CHROMIUM_WITH_IMAGES_ARGS = [...CHROMIUM_FLAGS, '--disable-gpu-compositing', '--js-flags=--lite-mode'];

// Stories load no images unless they look at one: fetching, decoding and drawing a page's pictures was a
// third of the browser's CPU for a home page (1.1 against 0.7 CPU-seconds, 2026-11-29), on a page whose
// boxes keep their size without them (width, height and aspect-ratio are in the markup and the CSS).
// A story that checks a picture arrives opts in with CHROMIUM_WITH_IMAGES_ARGS (imagesShown below).
export const CHROMIUM_ARGS = [...CHROMIUM_WITH_IMAGES_ARGS, '--blink-settings=imagesEnabled=false'];

/** test.use() for a spec whose stories check that a picture loads. */
export const imagesShown = { launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_WITH_IMAGES_ARGS } };
