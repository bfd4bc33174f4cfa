// Seeds the local D1 database with the deterministic catalogue (api/seed/catalogue.ts), once: a
// database that already has products is left alone. `--large` makes the 50 000-product catalogue, `--huge` the 200 000-product one.
// Then the catalogue's images go into the local R2 bucket (scripts/seed-media.mjs), once too.
import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { build } from 'esbuild';
import { withLocalD1 } from './d1-local.mjs';
import { PERSIST_DIR } from './db.mjs';
import { seedMedia } from './seed-media.mjs';

/** @param {{ query(sql: string): Promise<any[]> }} d1 */
async function productCount(d1) {
  return (await d1.query('SELECT count(*) AS n FROM products'))[0].n;
}

/** @type {Promise<any> | undefined} */
let seedModuleLoaded;

/** Built once a process: the seed, the staff and the reviews of one preparation share it. */
function seedModule() {
  seedModuleLoaded ??= buildSeedModule();
  return seedModuleLoaded;
}

async function buildSeedModule() {
  const out = '.cache/seed';
  mkdirSync(out, { recursive: true });
  const entry = join(out, 'entry.ts');
  // The catalogue and the renditions table, in one bundle: the seed renders exactly the keys the API hands out.
  await build({
    stdin: {
      contents:
        "export * from './api/seed/catalogue';\nexport * from './api/seed/reviews';\nexport * from './api/src/media/renditions';",
      resolveDir: process.cwd(),
      loader: 'ts',
      sourcefile: entry,
    },
    // tsconfig.base.json maps the #shared/* aliases with extension look-up, as tsc and Vite resolve them.
    tsconfig: 'tsconfig.base.json',
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: join(out, 'catalogue.mjs'),
    logLevel: 'error',
  });
  return import(join(process.cwd(), out, 'catalogue.mjs'));
}

/**
 * A database seeded before the strengths' daily doses existed (migration 0035) gets them: without them the
 * blood-test suggestions would offer no product.
 */
async function seedDoses(d1, mod, mode) {
  if ((await d1.query('SELECT count(*) AS n FROM sku_nutrients'))[0].n > 0) return;
  const file = join('.cache/seed', `${mode}-doses.sql`);
  const stream = createWriteStream(file);
  // Through a scratch table: sizes deleted since the seed (the back office may delete them) are skipped.
  stream.write('CREATE TABLE seed_sku_nutrients AS SELECT * FROM sku_nutrients WHERE 0;\n');
  for (const statement of mod.catalogueStatements(mode)) {
    if (!statement.startsWith('INSERT INTO sku_nutrients ')) continue;
    const line = `${statement.replace('INSERT INTO sku_nutrients ', 'INSERT INTO seed_sku_nutrients ')};\n`;
    if (!stream.write(line)) await once(stream, 'drain');
  }
  stream.write(
    'INSERT INTO sku_nutrients SELECT * FROM seed_sku_nutrients WHERE sku_id IN (SELECT id FROM skus);\nDROP TABLE seed_sku_nutrients;\n',
  );
  stream.end();
  await once(stream, 'finish');
  await d1.executeFile(file).catch((e) => {
    throw new Error(`seeding the doses failed: ${e.message}`);
  });
  console.log('Added the daily doses of the seeded strengths.');
}

/** A database seeded before the quiz existed (migration 0039) gets its first version, active. */
async function seedQuiz(d1, mod) {
  if ((await d1.query('SELECT count(*) AS n FROM quiz_versions'))[0].n > 0) return;
  await d1.execute(Array.from(mod.quizStatements(), (st) => `${st};\n`).join('')).catch((e) => {
    throw new Error(`seeding the quiz failed: ${e.message}`);
  });
  console.log('Added the quiz, version 1.');
}

/** The demo shop's reviews and questions (api/seed/reviews.ts), once: after the staff, whose owner answers. */
export async function seedReviews() {
  const mod = await seedModule();
  await withLocalD1(PERSIST_DIR, async (d1) => {
    const [row] = await d1.query('SELECT (SELECT count(*) FROM reviews) AS n, (SELECT count(*) FROM products) AS p');
    // Only the demo catalogue: the bench's large ones stay as they are measured.
    if (row.n > 0 || row.p > mod.PRODUCT_COUNTS.demo) return;
    await d1.execute(Array.from(mod.reviewStatements(), (st) => `${st};\n`).join('')).catch((e) => {
      throw new Error(`seeding the reviews failed: ${e.message}`);
    });
    console.log('Added the demo reviews and questions.');
  });
}

/** The bench's heavily reviewed product: `count` shown reviews on `slug` in the database at `persistDir`. */
export async function seedManyReviews(slug, count, persistDir) {
  const mod = await seedModule();
  const file = join('.cache/seed', `reviews-${count}.sql`);
  const stream = createWriteStream(file);
  for (const statement of mod.manyReviewStatements(slug, count)) stream.write(`${statement};\n`);
  stream.end();
  await once(stream, 'finish');
  await withLocalD1(persistDir, (d1) => d1.executeFile(file)).catch((e) => {
    throw new Error(`seeding ${count} reviews failed: ${e.message}`);
  });
}

export async function seed(mode = 'demo') {
  const mod = await seedModule();
  // The catalogue in the database (a seeded one keeps its own mode), and whether it was made now.
  const { seeded, stored } = await withLocalD1(PERSIST_DIR, async (d1) => {
    const existing = await productCount(d1);
    if (existing > 0) {
      console.log('Catalogue already seeded: leaving the database as it is.');
      const stored =
        existing > mod.PRODUCT_COUNTS.large ? 'huge' : existing > mod.PRODUCT_COUNTS.demo ? 'large' : 'demo';
      await seedDoses(d1, mod, stored);
      await seedQuiz(d1, mod);
      return { seeded: false, stored };
    }
    const out = '.cache/seed';
    const started = Date.now();
    // Streamed statement by statement: the large catalogue is 160 MB of SQL, the huge one 600 MB, more
    // than one string can hold, so it goes in parts of at most 150 MB, run in order.
    const files = [];
    let stream;
    let bytes = Infinity;
    for (const statement of mod.catalogueStatements(mode)) {
      const line = `${statement};\n`;
      if (bytes + line.length > 150_000_000) {
        if (stream) {
          stream.end();
          await once(stream, 'finish');
        }
        files.push(join(out, `${mode}-${files.length + 1}.sql`));
        stream = createWriteStream(files.at(-1));
        bytes = 0;
      }
      bytes += Buffer.byteLength(line);
      if (!stream.write(line)) await once(stream, 'drain');
    }
    stream.end();
    await once(stream, 'finish');
    for (const file of files)
      await d1.executeFile(file).catch((e) => {
        throw new Error(`seeding failed: ${e.message}`);
      });
    console.log(
      `Seeded the ${mode} catalogue (${await productCount(d1)} products) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return { seeded: true, stored: mode };
  });
  // A database seeded before images were stored at seed time still gets them.
  await seedMedia(mod, stored, PERSIST_DIR);
  return seeded;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seed(process.argv.includes('--huge') ? 'huge' : process.argv.includes('--large') ? 'large' : 'demo');
}
