// Local mode only: the back office's seeded owner (shared/staff/local-owner.ts), created once in the
// local database with the local secrets of api/.dev.vars, so `npm start` has someone to sign in as.
// Production has no default account: staff are invited by an owner.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { PERSIST_DIR } from './db.mjs';

function devVar(name) {
  const text = readFileSync('api/.dev.vars', 'utf8');
  const m = new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(text);
  if (!m) throw new Error(`api/.dev.vars has no ${name}`);
  return m[1];
}

async function staffModule() {
  const out = '.cache/seed';
  mkdirSync(out, { recursive: true });
  await build({
    stdin: {
      contents: [
        "export { LOCAL_OWNER, LOCAL_NUTRITIONIST } from './shared/staff/local-owner';",
        "export { hashPassword } from './api/src/lib/password';",
        "export { seal } from './api/src/staff/secret-box';",
        "export { totpCode } from './shared/staff/totp';",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    tsconfig: 'tsconfig.base.json',
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: join(out, 'staff.mjs'),
    logLevel: 'error',
  });
  return import(join(process.cwd(), out, 'staff.mjs'));
}

const sql = (v) => `'${String(v).replace(/'/g, "''")}'`;

export async function seedStaff() {
  const { LOCAL_OWNER, LOCAL_NUTRITIONIST, hashPassword, seal } = await staffModule();
  const hash = await hashPassword(LOCAL_OWNER.password, devVar('PASSWORD_PEPPER'));
  const box = await seal(LOCAL_OWNER.totpSecret, devVar('TOKEN_SECRET'));
  const nHash = await hashPassword(LOCAL_NUTRITIONIST.password, devVar('PASSWORD_PEPPER'));
  const nBox = await seal(LOCAL_NUTRITIONIST.totpSecret, devVar('TOKEN_SECRET'));
  const now = Date.now();
  const n = LOCAL_NUTRITIONIST;
  // Only into a database without staff: a local owner changed or removed by hand stays as it is. The
  // nutritionist likewise only once (by its address), linked to its seeded nutritionist when that one
  // has no account yet.
  const command = [
    `INSERT INTO staff (email, name, password_hash, totp_secret, created_at) SELECT ${sql(LOCAL_OWNER.email)}, ${sql(LOCAL_OWNER.name)}, ${sql(hash)}, ${sql(box)}, ${now} WHERE NOT EXISTS (SELECT 1 FROM staff)`,
    `INSERT INTO staff_roles (staff_id, role, country) SELECT id, 'owner', NULL FROM staff WHERE email = ${sql(LOCAL_OWNER.email)} AND NOT EXISTS (SELECT 1 FROM staff_roles)`,
    `INSERT INTO staff (email, name, password_hash, totp_secret, created_at) SELECT ${sql(n.email)}, ${sql(n.name)}, ${sql(nHash)}, ${sql(nBox)}, ${now} WHERE NOT EXISTS (SELECT 1 FROM staff WHERE email = ${sql(n.email)})`,
    `INSERT INTO staff_roles (staff_id, role, country) SELECT id, 'nutritionist', NULL FROM staff WHERE email = ${sql(n.email)} AND NOT EXISTS (SELECT 1 FROM staff_roles r JOIN staff s ON s.id = r.staff_id WHERE s.email = ${sql(n.email)})`,
    `UPDATE nutritionists SET staff_id = (SELECT id FROM staff WHERE email = ${sql(n.email)}) WHERE id = ${Number(n.nutritionistId)} AND staff_id IS NULL AND NOT EXISTS (SELECT 1 FROM nutritionists WHERE staff_id = (SELECT id FROM staff WHERE email = ${sql(n.email)}))`,
  ].join('; ');
  // Imported here: `npm run staff:code` does not load wrangler.
  const { withLocalD1 } = await import('./d1-local.mjs');
  await withLocalD1(PERSIST_DIR, (d1) => d1.execute(command)).catch((e) => {
    throw new Error(`seeding the local owner failed: ${e.message}`);
  });
}

/** `npm run staff:code`: the local owner's current second-factor code (`-- --nutritionist`: the nutritionist's). */
export async function printOwnerCode(nutritionist = false) {
  const { LOCAL_OWNER, LOCAL_NUTRITIONIST, totpCode } = await staffModule();
  console.log(await totpCode((nutritionist ? LOCAL_NUTRITIONIST : LOCAL_OWNER).totpSecret));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--code')) await printOwnerCode(process.argv.includes('--nutritionist'));
  else await seedStaff();
}
