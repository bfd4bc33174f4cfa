// The installed app's icons, drawn once from the favicon's art and committed under
// public/icons/: `node scripts/app-icons.mjs` after the art changes. Nothing is generated at run time.
// - any: the favicon as it is (rounded square on transparency), 192 and 512 px;
// - maskable: a full-bleed square whose mark sits inside the central 80 % safe zone (the launcher may
//   cut the icon to a circle or a squircle), 192 and 512 px;
// - apple-touch-icon: 180 px, opaque (iOS fills transparency with black and rounds the corners itself).
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const GREEN = '#0d6b5e';
const CHECK = 'M10 17.5 14.5 22 23 11';

/** The favicon's 32-unit art: the mark scaled by `scale` around the centre, on a square or rounded tile. */
function art({ rounded, scale }) {
  const tile = rounded
    ? `<rect width="32" height="32" rx="9" fill="${GREEN}"/>`
    : `<rect width="32" height="32" fill="${GREEN}"/>`;
  // The check's own box is 10..23 × 11..22: its centre (16.5, 16.5) moves to the tile's centre.
  const mark = `<g transform="translate(16 16) scale(${scale}) translate(-16.5 -16.5)"><path d="${CHECK}" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${tile}${mark}</svg>`);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  // Safe zone: a circle of radius 40 % of the size; the mark (13 units wide at scale 1) then spans ~33 %.
  { file: 'maskable-192.png', size: 192, rounded: false, scale: 0.8 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.85 },
];

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const icon of ICONS) {
  await sharp(art(icon), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(icon.file, dir).pathname);
  console.log(`public/icons/${icon.file}`);
}
