// The import directions docs/architecture/README.md promises, as one rule over every source file:
//   shared/  imports only shared/ (pure TypeScript: no React, no Workers runtime modules);
//   client/  imports client/ and shared/;
//   api/     imports api/ and shared/;
//   worker/  imports worker/, shared/ and the client's server entry;
//   staff/   imports staff/ and shared/ (the back office, decision 27).
// Inside worker/, the request path runs one way (decision 53): the session module and the loaders'
// client import neither the transport nor the cache, and the session module not the gateway.
// Inside api/src, folders import only lower layers (API_LAYERS below, decision 69).
// Specifiers are resolved (relative paths and the package.json `imports` aliases #shared/* …) before
// the check, so a path that climbs out of its folder cannot slip past a name pattern.
import path from 'node:path';

export const AREAS = ['shared', 'client', 'api', 'worker', 'staff'];

const ALLOWED = {
  shared: ['shared'],
  client: ['client', 'shared'],
  api: ['api', 'shared'],
  worker: ['worker', 'shared'],
  staff: ['staff', 'shared'],
};

/** Files of another area a worker may import: the client's server entry (docs/architecture/README.md). */
const WORKER_MAY_IMPORT = ['client/entry.server.tsx', 'client/entry.server'];

/**
 * The request path's one direction inside worker/ (decision 53): the session module reads and settles
 * cookies and calls nothing; the loaders' client only gathers calls for the gateway, the one module
 * that talks to the API as the shopper. A file's import of a module under one of these paths breaks it.
 */
const WORKER_NEVER = {
  'worker/lib/session.ts': ['worker/lib/gateway', 'worker/lib/page-calls', 'worker/upstream', 'worker/cache'],
  'worker/lib/page-calls.ts': ['worker/upstream', 'worker/cache'],
};

/** Packages an area may not use, whatever its folders: shared/ runs in Node, browsers and workerd. */
const FORBIDDEN_PACKAGES = {
  shared: [/^react(-dom)?(\/|$)/, /^cloudflare:/, /^hono(\/|$)/, /^node:/],
  client: [/^cloudflare:/, /^hono(\/|$)/],
  api: [/^react(-dom)?(\/|$)/],
};

const SPECIFIER = [
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bimport\.meta\.glob\s*(?:<[^>]*>)?\s*\(\s*['"]([^'"]+)['"]/g,
];

/** The source without its comments, strings kept whole (a glob's double star and slash stay). */
export function withoutComments(source) {
  let out = '';
  let quote = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      out += c;
      if (c === '\\') out += source[++i] ?? '';
      else if (c === quote) quote = null;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 1;
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
    }
  }
  return out;
}

/** Import specifiers of one file (a commented-out import is no import). */
export function specifiersOf(source) {
  const code = withoutComments(source);
  const found = [];
  for (const re of SPECIFIER) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/** The repository path a specifier points to, or null for a package. */
export function resolveSpecifier(file, spec) {
  const alias = /^#(shared|client|api|worker)\/(.*)$/.exec(spec);
  if (alias) return path.posix.join(alias[1], alias[2]);
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  // '/@react-refresh' and the like are Vite's own modules, not files of the repository.
  if (spec.startsWith('/@') || spec.startsWith('virtual:')) return null;
  if (spec.startsWith('/')) return path.posix.normalize(spec.slice(1));
  return null;
}

const areaOf = (p) => AREAS.find((a) => p === a || p.startsWith(`${a}/`)) ?? null;

/** Every import that breaks the rule: { file, spec, reason }. `file` paths are relative to the root. */
export function findViolations(files) {
  const out = [];
  for (const { file, source } of files) {
    const from = areaOf(file);
    if (!from) continue;
    for (const spec of specifiersOf(source)) {
      const target = resolveSpecifier(file, spec);
      if (target === null) {
        const banned = (FORBIDDEN_PACKAGES[from] ?? []).find((re) => re.test(spec));
        if (banned) out.push({ file, spec, reason: `${from}/ may not use the package ${spec}` });
        continue;
      }
      const to = areaOf(target);
      if (!to) {
        out.push({ file, spec, reason: `${from}/ imports ${target}, outside the four source folders` });
        continue;
      }
      const never = (WORKER_NEVER[file] ?? []).find((p) => target === p || target.startsWith(`${p}/`));
      if (never) {
        out.push({ file, spec, reason: `${file} may not import ${never} (the request path, decision 53)` });
        continue;
      }
      const layered = layerBreak(file, target);
      if (layered) {
        out.push({ file, spec, reason: layered });
        continue;
      }
      if (ALLOWED[from].includes(to)) continue;
      if (from === 'worker' && WORKER_MAY_IMPORT.includes(target)) continue;
      out.push({ file, spec, reason: `${from}/ may not import ${to}/ (${target})` });
    }
  }
  return out;
}

/**
 * The API's layers, bottom first (decision 69, docs/architecture/api-layers.md). Each entry names a
 * folder of api/src, or a file there without its extension (app-env, index). A folder imports only
 * folders of lower layers: never one of its own layer, never one above. What a domain needs sits below
 * it, so a change to an upper domain never reaches a lower one. A helper several domains share moves
 * down (lib/ or the lowest domain that owns it); a lower domain that must make an upper one act sends a
 * message the upper one consumes (a shop-alerts queue kind, as shipping/queue.ts does), never an import.
 * A new folder gets its place here before anything imports it or it imports anything.
 */
export const API_LAYERS = [
  ['lib'],
  ['app-env', 'e-invoices'],
  ['db'],
  ['uploads', 'media', 'carriers', 'payment-gateway', 'delivery', 'backup', 'mail', 'e-invoice-chain'],
  ['messages'],
  ['push'],
  ['alerts'],
  ['accounts'],
  ['staff', 'retention'],
  ['middleware', 'archive', 'e-invoice-stamp'],
  ['loyalty', 'e-invoice-reporting', 'e-invoice-sales'],
  ['reviews'],
  ['catalogue'],
  ['quiz', 'wishlists', 'carts'],
  ['orders'],
  ['blood-tests'],
  ['consultations', 'search'],
  ['payments'],
  ['subscriptions'],
  ['recommend'],
  ['order-office'],
  ['shipping', 'returns'],
  ['drivers', 'data-rights'],
  ['contract'],
  ['routes'],
  // The storefront's door's methods (decision 80): they answer with the routes' own functions.
  ['door'],
  ['index'],
];

const API_ROOT = 'api/src/';
const layerIndex = new Map(API_LAYERS.flatMap((names, i) => names.map((n) => [n, i])));

/** The layer unit of a path under api/src: its first folder, or the file's name without extension. */
export function apiUnitOf(p) {
  if (!p.startsWith(API_ROOT)) return null;
  const rest = p.slice(API_ROOT.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest.replace(/\.(d\.)?[cm]?[jt]sx?$/, '') : rest.slice(0, slash);
}

/** Why an import from `file` to the repository path `target` breaks the API's layers, or null. */
export function layerBreak(file, target) {
  const from = apiUnitOf(file);
  const to = apiUnitOf(target);
  if (from === null || to === null || from === to) return null;
  for (const unit of [from, to])
    if (!layerIndex.has(unit)) return `api/src/${unit} has no layer in API_LAYERS (scripts/boundaries.mjs)`;
  const a = layerIndex.get(from);
  const b = layerIndex.get(to);
  if (b < a) return null;
  const where = (unit, i) => `${unit} (layer ${i + 1} of ${API_LAYERS.length})`;
  return b === a
    ? `${where(from, a)} may not import ${to}, of its own layer (${target})`
    : `${where(from, a)} may not import ${where(to, b)}, a higher layer (${target})`;
}

/** The file a repository path names: as written, or with a source extension or /index added. */
function moduleFile(target, known) {
  for (const c of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`])
    if (known.has(c)) return c;
  return null;
}

const STATIC_EDGES = [
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  // A type written as `typeof import('./x')` or `import('./x').Name` is a type-only import too; a call
  // such as `import('./x').then(…)` is not (no capital after the dot), nor is any other dynamic import.
  /\btypeof\s+import\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)\s*\.\s*[A-Z]/g,
];

/**
 * Import circles among the files (tests left out): each group of files that reach each other through
 * static imports, type-only ones included, smallest first. A circle means two modules are one concern
 * split in two, or a shared part that belongs in its own module.
 */
export function findCycles(files) {
  const sources = files.filter((f) => !/\.test\.tsx?$/.test(f.file));
  const known = new Set(sources.map((f) => f.file));
  const graph = new Map();
  for (const { file, source } of sources) {
    const code = withoutComments(source);
    const deps = new Set();
    // Static imports, re-exports and import types only: a dynamic import() loads on demand, after both
    // modules ran.
    for (const re of STATIC_EDGES)
      for (const m of code.matchAll(re)) {
        const target = resolveSpecifier(file, m[1]);
        const dep = target && moduleFile(target, known);
        if (dep && dep !== file) deps.add(dep);
      }
    graph.set(file, deps);
  }
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a.length - b.length);
}
