// Seed-time images (decision 11): renders the catalogue's SVG artwork (api/src/media) to WebP
// renditions and an Open Graph PNG with sharp, and stores them in the local R2 bucket that
// `npm start`, the e2e server and the bench read. Rendered files are cached on disk by content, so
// seeding a fresh database again (bench) only copies them into R2.
//
// SEED_IMAGES=stand-in (the e2e shop, decision 70) stores the same keys with one plain picture per
// kind and size instead: no story looks at the artwork, only that each key answers an image of its
// size, and rendering 566 pictures' artwork was 140 of a clean clone's 167 s of e2e preparation.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

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

/** One plain picture per kind and size, made in memory: the e2e shop's stand-in for every picture. */
const standIns = new Map();
async function standInRenditions(source, m) {
  const { RENDITIONS, OG_SIZE, webpKey, ogKey } = m;
  const r = RENDITIONS[source.kind];
  const plain = (width, height) => sharp({ create: { width, height, channels: 3, background: OG_BACKGROUND } });
  const made = async (name, make) => {
    if (!standIns.has(name)) standIns.set(name, make());
    return standIns.get(name);
  };
  const files = await Promise.all(
    r.widths.map(async (w) => [
      webpKey(source.stem, w),
      await made(`${source.kind}-${w}`, () =>
        plain(w, Math.round((w * r.height) / r.width))
          .webp({ quality: 82 })
          .toBuffer(),
      ),
      'image/webp',
    ]),
  );
  if (source.og !== false)
    files.push([
      ogKey(source.stem),
      await made('og', () => plain(OG_SIZE.width, OG_SIZE.height).png().toBuffer()),
      'image/png',
    ]);
  return files;
}

/**
 * The bucket MEDIA of api/wrangler.toml under `persistDir`, opened by a small worker in one Miniflare
 * (the same bucket name and folder as `wrangler dev` and getPlatformProxy use): it stores a batch of
 * objects per request. Through the platform proxy every put was a round trip of its own, and 1 501 of
 * them: 18 CPU-seconds for the e2e shop's 1 501 objects, 10 this way (the rest is the local bucket's own writes).
 */
async function openBucket(persistDir) {
  const { Miniflare, convertV4MiniflareOptions } = await import('miniflare');
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      compatibilityDate: '2026-10-01',
      r2Buckets: { MEDIA: 'shop-media' },
      resourcePersistencePath: join(persistDir, 'v3'),
      script: `
      const base64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
      export default {
        async fetch(request, env) {
          if (request.method === 'GET') {
            const keys = new URL(request.url).searchParams.getAll('key');
            return Response.json(await Promise.all(keys.map(async (k) => (await env.MEDIA.head(k)) !== null)));
          }
          const objects = await request.json();
          // One after another: the bucket writes them one at a time anyway.
          for (const o of objects)
            await env.MEDIA.put(o.key, base64(o.data), {
              httpMetadata: { contentType: o.type, cacheControl: '${CACHE_CONTROL}' },
            });
          return new Response(null, { status: 204 });
        },
      };`,
    }),
  );
  return {
    /** Whether every key is stored. */
    has: async (keys) => {
      const query = keys.map((k) => `key=${encodeURIComponent(k)}`).join('&');
      return (await (await mf.dispatchFetch(`http://bucket/?${query}`)).json()).every(Boolean);
    },
    /** Stores [key, bytes, content type][] in one request. */
    put: async (files) => {
      const body = JSON.stringify(files.map(([key, bytes, type]) => ({ key, type, data: bytes.toString('base64') })));
      const res = await mf.dispatchFetch('http://bucket/', { method: 'POST', body });
      if (res.status !== 204) throw new Error(`storing images failed: ${res.status} ${await res.text()}`);
    },
    dispose: () => mf.dispose(),
  };
}

/**
 * Renders and stores every image of the catalogue `mode` into the R2 bucket under `persistDir`.
 * `load` gives the bundled seed module (mediaSources, and the renditions table). Skips the work when
 * the first and last images are already stored.
 */
export async function seedMedia(mod, mode, persistDir) {
  const sources = [...mod.mediaSources(mode)];
  const standIn = process.env.SEED_IMAGES === 'stand-in';
  mkdirSync(CACHE_DIR, { recursive: true });
  const started = Date.now();
  const bucket = await openBucket(persistDir);
  try {
    if (await bucket.has([mod.ogKey(sources[0].stem), mod.ogKey(sources[sources.length - 1].stem)])) {
      console.log('Images already stored: leaving the bucket as it is.');
      return false;
    }
    let next = 0;
    let objects = 0;
    let batch = [];
    // One batch in the bucket at a time, in order.
    let stored = Promise.resolve();
    const flush = () => {
      const files = batch;
      batch = [];
      stored = stored.then(async () => {
        if (files.length > 0) await bucket.put(files);
        objects += files.length;
      });
      return stored;
    };
    // Several pictures render at once (renderLimit keeps it to two), and their files go in batches.
    const worker = async () => {
      while (next < sources.length) {
        const source = sources[next++];
        // Awaited before the push: a flush during the render swaps the batch, and a push into the old
        // one (already sent) would be lost.
        const files = await (standIn ? standInRenditions(source, mod) : renditions(source, mod));
        batch.push(...files);
        if (batch.length >= 100) await flush();
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    await flush();
    console.log(
      `Stored ${objects} ${standIn ? 'stand-in ' : ''}images (${sources.length} pictures) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return true;
  } finally {
    await bucket.dispose();
  }
}
