// What swr imports as `use-sync-external-store/shim` (vite.config.ts, reactOwnStoreHook): the shim is
// React 17's stand-in for a hook React 18 and later have themselves, and on them it only hands React's
// own hook back, yet its stand-in's code shipped in every page's first JavaScript.
/** @public swr imports it through the build's resolve hook, which knip does not follow. */
export { useSyncExternalStore } from 'react';
