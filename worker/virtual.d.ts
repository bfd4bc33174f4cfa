declare module 'virtual:client-manifest' {
  /** Vite's client build manifest; null under the dev server (no build yet). */
  const manifest: Record<
    string,
    {
      file: string;
      css?: string[];
      imports?: string[];
      dynamicImports?: string[];
      isEntry?: boolean;
      assets?: string[];
    }
  > | null;
  export default manifest;
}

/**
 * Build flag (vite.config.ts `define`): false in a deployed build (any CLOUDFLARE_ENV: production, staging), so
 * local-only tools such as the dev mailbox are not even in the bundle; true everywhere else.
 */
declare const __LOCAL_TOOLS__: boolean;
/** Differs per build: pages kept in the edge cache by one build are never served by the next. */
declare const __BUILD_ID__: string;

declare module 'virtual:service-worker' {
  /** The service worker's script (client/sw/sw.ts bundled by scripts/vite-service-worker.ts), served as /sw.js. */
  const source: string;
  export default source;
}
