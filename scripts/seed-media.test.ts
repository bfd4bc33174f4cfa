// The seed draws catalogue text with fonts from an npm package, so every machine (one with no fonts
// too) stores the same images (scripts/seed-media.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('seed-time image fonts', () => {
  it('point fontconfig at the packaged DejaVu Sans, which has Arabic, before anything is drawn', async () => {
    delete process.env.FONTCONFIG_FILE;
    await import('./seed-media.mjs');
    const conf = process.env.FONTCONFIG_FILE;
    expect(conf).toBeTruthy();
    const dir = /<dir>([^<]+)<\/dir>/.exec(readFileSync(conf!, 'utf8'))?.[1];
    expect(dir).toMatch(/node_modules\/dejavu-fonts-ttf\/ttf$/);
    for (const font of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) expect(existsSync(join(dir!, font))).toBe(true);
  });
});
