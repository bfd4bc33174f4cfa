/**
 * Build flag (vite.config.ts `define`): false in a deployed build (any CLOUDFLARE_ENV: production, staging), so
 * local-only paths (the push outbox fallback, client/push/) are not even in the bundle.
 */
declare const __LOCAL_TOOLS__: boolean;
