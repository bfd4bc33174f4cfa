// Seed-time images (decision 11): renders the catalogue's SVG artwork (api/src/media) to WebP
// renditions and an Open Graph PNG with sharp, and stores them in the local R2 bucket that
// `npm start`, the e2e server and the bench read. Rendered files are cached on disk by content, so
// seeding a fresh database again (e2e state, bench) only copies them into R2.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { getPlatformProxy } from 'wrangler';

/** Bump when the rendering below changes, so cached files are not reused. */
const RENDER_VERSION = 3;
const CACHE_DIR = '.cache/media';

// The artwork's text is drawn with fonts from an npm package (DejaVu Sans, which has Arabic), not the
// machine's: a machine with no fonts installed would draw boxes, and two machines with different
// fonts would store different images. fontconfig reads this file when the first text is rendered.
const FONT_DIR = resolve('node_modules/dejavu-fonts-ttf/ttf');
if (existsSync(FONT_DIR)) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const conf = resolve(CACHE_DIR, 'fonts.conf');
  writeFileSync(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${FONT_DIR}</dir><cachedir>${resolve(CACHE_DIR, 'fontconfig')}</cachedir></fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = conf;
}
const OG_BACKGROUND = '#f4f7f6';
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

sharp.concurrency(1);
sharp.cache(false);

/** At most two renders at a time (two cores), however many pictures are being stored. */
let rendering = 0;
const waiting = [];
async function renderLimit(work) {
  if (rendering >= 2) await new Promise((resolve) => waiting.push(resolve));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

/** The stored files of one image: [key, bytes, content type][], from the disk cache or rendered now. */
async function renditions(source, m) {
  const { RENDITIONS, OG_SIZE, webpKey, ogKey } = m;
  const r = RENDITIONS[source.kind];
  const svg = source.svg();
  const hash = createHash('sha256').update(`${RENDER_VERSION}|${source.kind}|${svg}`).digest('hex').slice(0, 32);
  const cached = (suffix) => join(CACHE_DIR, `${hash}${suffix}`);
  const files = [
    ...r.widths.map((w) => ({
      key: webpKey(source.stem, w),
      file: cached(`-${w}.webp`),
      type: 'image/webp',
      width: w,
    })),
    // Only a product's first picture is ever an og:image (see storedKeys).
    ...(source.og === false ? [] : [{ key: ogKey(source.stem), file: cached('-og.png'), type: 'image/png' }]),
  ];
  if (!files.every((f) => existsSync(f.file)))
    await renderLimit(async () => {
      // Rasterise once at the largest width, then scale down from the pixels.
      const svgWidth = Number(/<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? r.width);
      const { data, info } = await sharp(Buffer.from(svg), { density: (72 * r.width) / svgWidth })
        .resize(r.width, r.height, { fit: 'fill' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      for (const f of files) {
        const out = f.width
          ? await pixels()
              .resize(f.width, Math.round((f.width * r.height) / r.width))
              .webp({ quality: 82, alphaQuality: 90, effort: 2 })
              .toBuffer()
          : await pixels()
              .resize(OG_SIZE.width, OG_SIZE.height, { fit: 'contain', background: OG_BACKGROUND })
              .flatten({ background: OG_BACKGROUND })
              .png({ compressionLevel: 6 })
              .toBuffer();
        // Written under a temporary name first: an interrupted seed never leaves half a file in the cache.
        writeFileSync(`${f.file}.tmp`, out);
        renameSync(`${f.file}.tmp`, f.file);
      }
    });
  return files.map((f) => [f.key, readFileSync(f.file), f.type]);
}

/**
 * Renders and stores every image of the catalogue `mode` into the R2 bucket under `persistDir`.
 * `load` gives the bundled seed module (mediaSources, and the renditions table). Skips the work when
 * the first and last images are already stored.
 */
export async function seedMedia(mod, mode, persistDir) {
  const sources = [...mod.mediaSources(mode)];
  mkdirSync(CACHE_DIR, { recursive: true });
  const started = Date.now();
  const { env, dispose } = await getPlatformProxy({
    configPath: 'api/wrangler.toml',
    persist: { path: join(persistDir, 'v3') },
  });
  try {
    const stored = async (s) => (await env.MEDIA.head(mod.ogKey(s.stem))) !== null;
    if ((await stored(sources[0])) && (await stored(sources[sources.length - 1]))) {
      console.log('Images already stored: leaving the bucket as it is.');
      return false;
    }
    let next = 0;
    let objects = 0;
    // Puts through the platform proxy are round trips, so several pictures are stored at once.
    const worker = async () => {
      while (next < sources.length) {
        const source = sources[next++];
        const files = await renditions(source, mod);
        await Promise.all(
          files.map(([key, bytes, contentType]) =>
            env.MEDIA.put(key, bytes, { httpMetadata: { contentType, cacheControl: CACHE_CONTROL } }),
          ),
        );
        objects += files.length;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(
      `Stored ${objects} images (${sources.length} pictures) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return true;
  } finally {
    await dispose();
  }
}
