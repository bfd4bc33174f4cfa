// One Vite build for all four parts: the client bundle first (its manifest tells the storefront
// worker which files a page needs), then the storefront worker, the commerce API worker and the staff
// worker (the back office).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { keepAlive } from './scripts/vite-keep-alive.mjs';
import { pageTable } from './scripts/vite-page-table.mjs';
import { reactTextChunks } from './scripts/vite-react-text-chunks.mjs';
import { serviceWorker } from './scripts/vite-service-worker.mjs';
import { staffCallScript } from './scripts/vite-staff-call-script.mjs';

const MANIFEST_ID = 'virtual:client-manifest';

function clientManifest(): Plugin {
  return {
    name: 'client-manifest',
    resolveId: (id) => (id === MANIFEST_ID ? `\0${MANIFEST_ID}` : undefined),
    load(id) {
      if (id !== `\0${MANIFEST_ID}`) return;
      if (this.environment.mode === 'dev') return 'export default null;';
      // The client build's own output, wherever --outDir put it (npm test's deploy check builds beside dist/).
      const { root, environments } = this.environment.getTopLevelConfig();
      const manifest = resolve(root, environments.client!.build.outDir, '.vite/manifest.json');
      return `export default ${readFileSync(manifest, 'utf8')};`;
    },
  };
}

/**
 * swr imports `use-sync-external-store/shim`, a stand-in for React 17 that on React 18 and later only
 * hands back React's own hook; its stand-in code was in every page's first JavaScript. The React the shop
 * runs has the hook, so the import is React's own (client/lib/use-sync-external-store.ts).
 */
function reactOwnStoreHook(): Plugin {
  const own = resolve(import.meta.dirname, 'client/lib/use-sync-external-store.ts');
  return {
    name: 'react-own-store-hook',
    enforce: 'pre',
    resolveId: (id) => (id === 'use-sync-external-store/shim' ? own : undefined),
  };
}

/** The lazy parts the entry starts at once, beside the page: the footer, the deferred shell, the API client. */
const BOOT_CHUNK = /(^|\/)(Footer|DeferredShell|session-client)-[\w-]+\.js$/;

export default defineConfig(({ command }) => ({
  // Local-only tools (dev mailbox, the API's /dev routes) are left out of every deployed build: staging is
  // reachable from the internet as production is, so only a build for no environment (local) has them.
  define: {
    __LOCAL_TOOLS__: JSON.stringify(!process.env.CLOUDFLARE_ENV),
    // The storefront's page cache keys its entries by build (worker/render/page-cache.ts); the dev
    // server has none, so an edit always shows.
    __BUILD_ID__: JSON.stringify(command === 'build' ? Date.now().toString(36) : ''),
  },
  server: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  environments: {
    client: {
      build: {
        manifest: true,
        // A lazy import lists the chunks to preload with it, in the chunk that imports it. The entry's
        // imports of pages list only their styles, which a page needs before it shows (decision 57): the
        // scripts' lists were a tenth of the entry, loaded by every page before it is interactive; a page's
        // chunk is fetched when the shopper points at a link to it (client/lib/load-on-intent.ts), so its
        // imports are found before the click. What the entry loads at once beside the page (BOOT_CHUNK)
        // keeps its list: it hydrates with the page. Elsewhere the framework and the runtime are left
        // out: the entry has loaded them.
        modulePreload: {
          resolveDependencies: (file, deps, { hostType, hostId }) =>
            hostType !== 'js'
              ? deps
              : /(^|\/)entry\.client-[\w-]+\.js$/.test(hostId) && !BOOT_CHUNK.test(file)
                ? deps.filter((d) => d.endsWith('.css'))
                : deps.filter((d) => !/(^|\/)(framework|rolldown-runtime)-[\w-]+\.js$/.test(d)),
        },
        rolldownOptions: {
          input: 'client/entry.client.tsx',
          // What only the server renders (the reviews' first page, client/reviews/ReviewsPlace.tsx, and the
          // JSON-LD builders, client/ui/Seo.tsx) has no side effects: once the browser's branch leaves it
          // unused, its imports go too, and no page preloads an empty chunk or the parts the lazy reviews
          // section shares with it.
          treeshake: {
            moduleSideEffects: (id: string) =>
              !/client[\\/](reviews[\\/](ReviewsStatic|ReviewParts)\.tsx|lib[\\/]structured-data\.ts|blood-tests[\\/]structured-data\.ts)$/.test(
                id,
              ),
          },
          output: {
            // Seven base-36 characters name a build file's content well enough (36 bits: a changed file
            // keeping its name is a one-in-78-billion chance), and the entry chunk lists every lazy
            // chunk's name: shorter names from fewer letters, which compress better, keep every page's
            // first JavaScript smaller.
            hashCharacters: 'base36',
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
            // The libraries every page runs before it is interactive, in one chunk: a handful of small
            // shared chunks compress worse and cost a request each (decision 18).
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|swr|valtio|proxy-compare|use-sync-external-store|dequal|rosetta|dlv|templite)[\\/]/,
                },
                // What the entry imports of the shop's own shared modules (the translator, the locales and
                // country codes, the core rows the page knows, the constants), needed by every page: one
                // chunk, not three small ones that each cost a request and their own compression and import
                // lines. Not the registry (countries/index.ts) and its rows: only her country's row reaches
                // a page before it is interactive, in the boot data (countries/known.ts, decision 77).
                {
                  name: 'common',
                  test: /(shared[\\/](i18n[\\/](index|plural)|locale|constants|countries[\\/](codes|known))\.ts|client[\\/]i18n[\\/]context\.tsx)$/,
                },
              ],
            },
          },
        },
      },
    },
    // Both workers ship source maps (wrangler.toml upload_source_maps): stack traces in Workers Logs and
    // Sentry then name the TypeScript files. They stay in dist/<worker>/, never among the served assets.
    storefront: {
      build: { sourcemap: true },
      optimizeDeps: {
        include: [
          'react',
          'react/jsx-runtime',
          'react/jsx-dev-runtime',
          'react-dom',
          'react-dom/server',
          'react-router',
          'swr',
          'valtio',
          'rosetta',
        ],
      },
    },
    shop_api: { build: { sourcemap: true } },
    shop_staff: { build: { sourcemap: true } },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.storefront!);
      await builder.build(builder.environments.shop_api!);
      await builder.build(builder.environments.shop_staff!);
    },
  },
  plugins: [
    react(),
    reactOwnStoreHook(),
    clientManifest(),
    // virtual:page-routes, virtual:page-list, virtual:page-group/*: the page table, from the page modules.
    pageTable(),
    // virtual:service-worker: the service worker's script, served by the storefront worker as /sw.js.
    serviceWorker(),
    // virtual:staff-call-script: the nutritionist's call page script, served by the staff worker.
    staffCallScript(),
    // The storefront's streaming renderer encodes text once per block, not once per piece.
    reactTextChunks(),
    // The local servers keep idle connections for a minute, not Node's 5 s (a reused one was reset).
    keepAlive(),
    cloudflare({
      configPath: './wrangler.toml',
      // The back office (decision 27) is its own worker; locally the storefront hands it the requests
      // for staff.localhost (worker/routes/local-staff-host.ts).
      auxiliaryWorkers: [{ configPath: './api/wrangler.toml' }, { configPath: './staff/wrangler.toml' }],
      // WRANGLER_STATE lets e2e runs use their own database (scripts/db.mjs reads the same variable).
      persistState: { path: process.env.WRANGLER_STATE ?? '.wrangler/state' },
      // The bench's soak step reads the isolates' heaps through this port (bench/soak.mjs).
      ...(process.env.INSPECTOR_PORT ? { inspectorPort: Number(process.env.INSPECTOR_PORT) } : {}),
    }),
  ],
}));
