// The storefront's page table from the page modules themselves (decision 67): every client/pages/**/*.tsx
// is a page (a folder's layout.tsx wraps its siblings), and what only the client needs of it (its page
// group, dictionary areas, site-index group, ids and paths other than the default) is the module's own
// `export const page = {…}`, a literal read here at build time without running the module. Importing the
// modules to read it would put every page's code in the entry chunk.
//
//   virtual:page-routes        the router's rows (client/route-tree.tsx): module, group, texts, routes,
//                              and a lazy import for each page that no group names (the entry carries it)
//   virtual:page-list          every route with what the site index, the sitemap and the tests read
//   virtual:page-group/<name>  one group's lazy imports (client/pages/<name>-pages.ts)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseAst } from 'vite';

const PAGES_DIR = 'client/pages';
const ROUTES_ID = 'virtual:page-routes';
const LIST_ID = 'virtual:page-list';
const GROUP_PREFIX = 'virtual:page-group/';
const DECLARATION = 'page';
const MODULE_FIELDS = new Set(['group', 'texts', 'routes', 'id', 'path', 'title', 'siteIndex', 'kept']);
const ROUTE_FIELDS = new Set(['id', 'path', 'title', 'siteIndex', 'kept']);

/** Every page module's name under client/pages/ (its path without .tsx), sorted. */
function pageFiles(root) {
  const dir = join(root, PAGES_DIR);
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
        out.push(relative(dir, p).split(sep).join('/').slice(0, -'.tsx'.length));
    }
  };
  walk(dir);
  return out.sort();
}

/** A literal's value: strings, numbers, booleans, null, arrays and plain objects, nothing computed. */
function literal(node, where) {
  switch (node.type) {
    case 'TSSatisfiesExpression':
    case 'TSAsExpression':
    case 'ParenthesizedExpression':
      return literal(node.expression, where);
    case 'Literal':
      return node.value;
    case 'ArrayExpression':
      return node.elements.map((e) => literal(e, where));
    case 'ObjectExpression':
      return Object.fromEntries(
        node.properties.map((p) => {
          if (p.type !== 'Property' || p.computed || p.kind !== 'init' || p.method || p.shorthand)
            throw new Error(`${where}: the page declaration takes plain properties only`);
          return [p.key.type === 'Identifier' ? p.key.name : String(p.key.value), literal(p.value, where)];
        }),
      );
    default:
      throw new Error(
        `${where}: the page declaration must be a literal (found ${node.type}): it is read without running the module`,
      );
  }
}

/** The module's `export const …` statement that declares `page`, with that declarator; null when none does. */
function declarationStatement(ast) {
  for (const statement of ast.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') continue;
    const declarator = statement.declaration.declarations.find(
      (d) => d.id.type === 'Identifier' && d.id.name === DECLARATION,
    );
    if (declarator) return { statement, declarator };
  }
  return null;
}

/** The module's `export const page = {…}`, or an empty declaration when it has none. */
export function declarationOf(source, where = 'page module') {
  const found = declarationStatement(parseAst(source, { lang: 'tsx' }));
  if (!found?.declarator.init) return {};
  const value = literal(found.declarator.init, where);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${where}: \`export const page\` must be an object`);
  for (const key of Object.keys(value))
    if (!MODULE_FIELDS.has(key)) throw new Error(`${where}: unknown page field \`${key}\``);
  for (const r of value.routes ?? [])
    for (const key of Object.keys(r))
      if (!ROUTE_FIELDS.has(key)) throw new Error(`${where}: unknown route field \`${key}\``);
  return value;
}

const PAGE_PATHS_FILE = 'shared/page-paths.ts';

/** shared/page-paths.ts's PAGE_PATHS: the paths of the pages other code links to by id, read as a literal too. */
export function linkedPaths(root = process.cwd()) {
  const ast = parseAst(readFileSync(join(root, PAGE_PATHS_FILE), 'utf8'), { lang: 'ts' });
  for (const statement of ast.body)
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration')
      for (const d of statement.declaration.declarations)
        if (d.id.name === 'PAGE_PATHS') return literal(d.init, PAGE_PATHS_FILE);
  throw new Error(`${PAGE_PATHS_FILE} has no PAGE_PATHS`);
}

/**
 * A module's routes, resolved: the id is the module's name with dashes for slashes, the path the one
 * shared/page-paths.ts names for the id or /<module name>, the title page_<id>, unless declared; kept
 * when the route says so or, saying nothing, its module does (`moduleKept`). A
 * module may not declare a path for an id named there: a page's path is written once.
 */
export function resolveRoutes(module, routes, linked, moduleKept = false) {
  return routes.map(({ id = module.replaceAll('/', '-'), path, title, siteIndex, kept = moduleKept }) => {
    if (path && id in linked)
      throw new Error(`${PAGES_DIR}/${module}.tsx declares the path of ${id}, which ${PAGE_PATHS_FILE} names`);
    return {
      id,
      path: path ?? linked[id] ?? `/${module}`,
      title: title ?? `page_${id.replaceAll('-', '_')}`,
      ...(siteIndex === undefined ? {} : { siteIndex }),
      ...(kept === true ? { kept: true } : {}),
    };
  });
}

/**
 * Every page module with its declaration, as the router and the lists read them: `{ module, layout?,
 * group?, texts?, routes: [{ id, path, title, siteIndex? }] }`. A folder's layout.tsx is no page: it
 * wraps the folder's pages (`layout` on each), and loads through their group.
 */
export function readPageTable(root = process.cwd()) {
  const linked = linkedPaths(root);
  const names = pageFiles(root);
  const layouts = new Set(names.filter((n) => /(^|\/)layout$/.test(n)));
  const pages = names
    .filter((n) => !layouts.has(n))
    .map((module) => {
      const file = `${PAGES_DIR}/${module}.tsx`;
      const { routes, group, texts, kept, ...single } = declarationOf(readFileSync(join(root, file), 'utf8'), file);
      const folder = module.includes('/') ? module.slice(0, module.lastIndexOf('/')) : null;
      const layout = folder && layouts.has(`${folder}/layout`) ? `${folder}/layout` : undefined;
      return {
        module,
        ...(layout ? { layout } : {}),
        ...(group ? { group } : {}),
        ...(texts ? { texts } : {}),
        routes: resolveRoutes(module, routes ?? [single], linked, kept),
      };
    });
  const layoutRows = [...layouts].map((module) => {
    const groups = new Set(pages.filter((p) => p.layout === module).map((p) => p.group));
    if (groups.size > 1) throw new Error(`${PAGES_DIR}/${module}.tsx wraps pages of different groups`);
    const [group] = groups;
    return { module, ...(group ? { group } : {}) };
  });
  // The list in shared/page-paths.ts's order, then the pages it does not name: the site index and the
  // sitemap list them so.
  const order = Object.keys(linked);
  const rank = (id) => (order.includes(id) ? order.indexOf(id) : order.length);
  const list = pages
    .flatMap(({ module, group, texts, routes }) =>
      routes.map((r) => ({ ...r, module, ...(group ? { group } : {}), texts: texts ?? [] })),
    )
    .sort((x, y) => rank(x.id) - rank(y.id));
  return { pages, layouts: layoutRows, list };
}

const importOf = (module) => `() => import(${JSON.stringify(`/${PAGES_DIR}/${module}.tsx`)})`;

/**
 * virtual:page-routes: the entry's rows, as short tuples (the entry is in every page's first JavaScript,
 * and a key name repeated on each row is bytes for nothing): `[module, texts, routes]` for each page of
 * a group, under its group, and `[module, texts, routes, load]` for the entry's own pages, with their
 * lazy import. `routes` is 0 for the one route of the defaults; a route carries only its id and path.
 */
function routesModule(table) {
  // The route tree's defaults (client/page-table.ts) are left out: the module's name is its id and path.
  const routeIds = (module, routes) => {
    const ids = routes.map(({ id, path }) => ({
      ...(id === module.replaceAll('/', '-') ? {} : { id }),
      ...(path === `/${module}` ? {} : { path }),
    }));
    return JSON.stringify(ids) === '[{}]' ? '0' : JSON.stringify(ids);
  };
  const row = ({ module, texts, routes }, load) =>
    `[${JSON.stringify(module)}, ${JSON.stringify(texts ?? 0)}, ${routeIds(module, routes)}${load ? `, ${importOf(module)}` : ''}]`;
  const direct = table.pages.filter((p) => !p.group).map((p) => row(p, true));
  const groups = [...new Set(table.pages.map((p) => p.group).filter(Boolean))].map(
    (g) =>
      `  ${JSON.stringify(g)}: [\n${table.pages
        .filter((p) => p.group === g)
        .map((p) => `    ${row(p, false)}`)
        .join(',\n')}\n  ]`,
  );
  const layouts = table.layouts.map(({ module, group }) =>
    group
      ? `[${JSON.stringify(module)}, ${JSON.stringify(group)}]`
      : `[${JSON.stringify(module)}, 0, ${importOf(module)}]`,
  );
  return `export const PAGES = [\n${direct.join(',\n')}\n];\nexport const GROUPED = {\n${groups.join(',\n')}\n};\nexport const LAYOUTS = [\n${layouts.join(',\n')}\n];\n`;
}

/**
 * virtual:page-list: every route with its module, group, texts, title and site-index group, and whether
 * it is kept at the edge (the storefront's alone: left out of the browser's copy); no code.
 */
function listModule(table, browser) {
  const list = browser ? table.list.map(({ kept, ...route }) => route) : table.list;
  return `export default ${JSON.stringify(list)};\n`;
}

/** virtual:page-group/<name>: the group's pages and layouts, each a lazy import keyed by its module name. */
function groupModule(table, name) {
  const members = [...table.pages, ...table.layouts].filter((p) => p.group === name);
  if (members.length === 0) throw new Error(`no page declares the group ${name}`);
  return `export default {\n${members.map((p) => `  ${JSON.stringify(p.module)}: ${importOf(p.module)}`).join(',\n')}\n};\n`;
}

/**
 * The page module's source with its declaration blanked: spaces for every character but line breaks, so
 * nothing after it moves and the module's source map still holds. Null when it has none.
 */
export function withoutDeclaration(source, where = 'page module') {
  const ast = parseAst(source, { lang: 'tsx' });
  const found = declarationStatement(ast);
  if (!found) return null;
  const { statement } = found;
  if (statement.declaration.declarations.length > 1)
    throw new Error(`${where}: \`export const page\` must be a declaration of its own`);
  // The browser's build would leave a use of it undefined there alone (typecheck and the server's build
  // keep it): the module may not read its own declaration, unless a `page` of its own shadows it.
  const uses = pageUses(ast, statement);
  if (uses.reads && !uses.shadowed)
    throw new Error(`${where}: reads its own \`page\` declaration, which only the build reads (the page table)`);
  const blank = source.slice(statement.start, statement.end).replace(/[^\n]/g, ' ');
  return source.slice(0, statement.start) + blank + source.slice(statement.end);
}

/**
 * Where a module names `page` outside its declaration: `reads`, an identifier used as a value (not a
 * property's name, a member's name or a key); `shadowed`, a binding of its own (a variable, a parameter,
 * a destructured name), in whose presence which `page` a use means is not worked out here.
 */
function pageUses(ast, declaration) {
  const found = { reads: false, shadowed: false };
  const walk = (node, parent, key) => {
    if (!node || typeof node.type !== 'string' || node === declaration) return;
    if (node.type === 'Identifier' && node.name === DECLARATION) {
      const isKey = (parent?.type === 'Property' || parent?.type === 'MethodDefinition') && key === 'key';
      const isMember = parent?.type === 'MemberExpression' && key === 'property' && !parent.computed;
      const isBinding =
        (parent?.type === 'VariableDeclarator' && key === 'id') ||
        (parent?.type === 'Property' && key === 'value' && parent.shorthand) ||
        parent?.type === 'ArrayPattern' ||
        parent?.type === 'RestElement' ||
        (parent?.type === 'AssignmentPattern' && key === 'left') ||
        (/Function/.test(parent?.type ?? '') && key === 'params');
      if (isBinding) found.shadowed = true;
      else if (!isKey && !isMember) found.reads = true;
      return;
    }
    for (const [k, value] of Object.entries(node)) {
      if (k === 'parent') continue;
      if (Array.isArray(value)) for (const child of value) walk(child, node, k);
      else if (value && typeof value === 'object') walk(value, node, k);
    }
  };
  walk(ast, null, null);
  return found;
}

/**
 * The browser's build without the pages' declarations: the page table has read them at build time, and
 * no code of the browser's reads a module's `page` (the router reads virtual:page-routes), so each page's
 * chunk would carry its declaration for nothing (a `kept` added to one grew home's first JavaScript).
 * @returns {import('vite').Plugin}
 */
function declarationsOutOfTheBrowser() {
  let root = process.cwd();
  return {
    name: 'page-table:declarations-out',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      const file = relative(root, id.split('?')[0]).split(sep).join('/');
      if (!file.startsWith(`${PAGES_DIR}/`) || !file.endsWith('.tsx') || file.endsWith('.test.tsx')) return;
      const blanked = withoutDeclaration(code, file);
      return blanked === null ? undefined : { code: blanked, map: null };
    },
  };
}

/** @returns {import('vite').Plugin[]} */
export function pageTable() {
  return [pageTableModules(), declarationsOutOfTheBrowser()];
}

/** @returns {import('vite').Plugin} */
function pageTableModules() {
  let root = process.cwd();
  // Read once per build (the virtual modules and each environment ask for it), again after a page changes.
  let table = null;
  const current = () => (table ??= readPageTable(root));
  return {
    name: 'page-table',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      table = null;
    },
    watchChange() {
      table = null;
    },
    resolveId(id) {
      if (id === ROUTES_ID || id === LIST_ID || id.startsWith(GROUP_PREFIX)) return `\0${id}`;
    },
    load(id) {
      if (!id.startsWith('\0virtual:page-')) return;
      const pages = current();
      // Each page module's declaration is part of these modules: an edit to one rebuilds them.
      for (const p of [...pages.pages, ...pages.layouts]) this.addWatchFile(join(root, PAGES_DIR, `${p.module}.tsx`));
      this.addWatchFile(join(root, PAGE_PATHS_FILE));
      if (id === `\0${ROUTES_ID}`) return routesModule(pages);
      if (id === `\0${LIST_ID}`) return listModule(pages, this.environment?.name === 'client');
      return groupModule(pages, id.slice(`\0${GROUP_PREFIX}`.length));
    },
    // A page added, edited or removed under the dev server: the table is read again, the browser reloads.
    configureServer(server) {
      const changed = (file) => {
        if (!relative(root, file).split(sep).join('/').startsWith(`${PAGES_DIR}/`) || !file.endsWith('.tsx')) return;
        table = null;
        for (const env of Object.values(server.environments))
          for (const mod of [...env.moduleGraph.idToModuleMap.values()])
            if (mod.id?.startsWith('\0virtual:page-')) env.moduleGraph.invalidateModule(mod);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);
    },
  };
}
