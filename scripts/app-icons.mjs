// The installed app's icons, drawn once from the favicon's art and committed under
// public/icons/: `node scripts/app-icons.mjs` after the art changes. Nothing is generated at run time.
// - any: the favicon as it is (rounded square on transparency), 192 and 512 px;
// - maskable: a full-bleed square whose mark sits inside the central 80 % safe zone (the launcher may
//   cut the icon to a circle or a squircle), 192 and 512 px;
// - apple-touch-icon: 180 px, opaque (iOS fills transparency with black and rounds the corners itself);
// - public/favicon.ico: 16, 32 and 48 px PNGs in one ICO file, for what asks /favicon.ico without
//   reading the page's <link rel="icon"> (validators, feed readers, old browsers);
// - public/images/blood-test.png: a blood test's picture (1200 px square) for its Product structured
//   data and social previews, as blood tests have no packshot of their own.
import { mkdirSync, writeFileSync } from 'node:fs';
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

/** An ICO file holding PNG images (every browser since 2010 reads them), largest last. */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const favicons = [];
for (const size of [16, 32, 48]) {
  const data = await sharp(art({ rounded: true, scale: 1 }), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  favicons.push({ size, data });
}
writeFileSync(new URL('../public/favicon.ico', import.meta.url), ico(favicons));
console.log('public/favicon.ico');

// A test tube with a drop of blood, in the shop's colours, on the app's background.
const BLOOD_TEST = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">
<rect width="120" height="120" fill="#f6f8f7"/>
<circle cx="60" cy="60" r="46" fill="${GREEN}" opacity="0.1"/>
<g transform="rotate(-30 60 60)">
<rect x="50" y="22" width="20" height="72" rx="10" fill="#fff" stroke="${GREEN}" stroke-width="4"/>
<path d="M52 58h16v26a8 8 0 0 1-16 0z" fill="#c62828"/>
<rect x="45" y="18" width="30" height="8" rx="3" fill="${GREEN}"/>
</g>
<path d="M88 70c0 0-8 9.5-8 15a8 8 0 0 0 16 0c0-5.5-8-15-8-15z" fill="#c62828"/>
</svg>`;
const images = new URL('../public/images/', import.meta.url);
mkdirSync(images, { recursive: true });
await sharp(Buffer.from(BLOOD_TEST), { density: (72 * 1200) / 120 })
  .resize(1200, 1200)
  .png({ compressionLevel: 9, palette: true })
  .toFile(new URL('blood-test.png', images).pathname);
console.log('public/images/blood-test.png');
