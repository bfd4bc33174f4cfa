// What npm run db:backup and db:restore share: the backup key from the environment or api/.dev.vars,
// and the TypeScript modules they run (the cron's own writer, the restore's SQL) bundled for Node.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** A value of api/.dev.vars (the local secrets), or undefined. */
function devVar(name) {
  if (!existsSync('api/.dev.vars')) return undefined;
  return new RegExp(`^${name}="([^"]*)"$`, 'm').exec(readFileSync('api/.dev.vars', 'utf8'))?.[1];
}

/** BACKUP_KEK, its version and the retired versions: the environment first, then api/.dev.vars. */
export function backupKeyConfig() {
  return {
    secret: process.env.BACKUP_KEK ?? devVar('BACKUP_KEK'),
    version: Number(process.env.BACKUP_KEK_VERSION ?? devVar('BACKUP_KEK_VERSION') ?? 1),
    retired: process.env.BACKUP_KEK_RETIRED ?? devVar('BACKUP_KEK_RETIRED') ?? '',
  };
}

/** The given project modules bundled into one ES module under `dir`, imported. */
export async function bundledModules(dir, name, modules) {
  mkdirSync(dir, { recursive: true });
  await build({
    stdin: {
      contents: modules.map((m) => `export * from './${m}';`).join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
      sourcefile: join(dir, 'entry.ts'),
    },
    tsconfig: 'tsconfig.base.json',
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: join(dir, `${name}.mjs`),
    logLevel: 'error',
  });
  return import(join(process.cwd(), dir, `${name}.mjs`));
}
