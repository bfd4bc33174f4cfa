// A bundled browser script's text, for a test project that serves none of them: the storefront's /sw.js
// (virtual:service-worker) and the back office's call page script (virtual:staff-call-script) are each a
// Vite build of their own on import, which the Qatar fixture's pages (vitest.config.ts) never serve.
export default '';
