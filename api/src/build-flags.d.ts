/**
 * Build flag (vite.config.ts `define`): false in a deployed build (any CLOUDFLARE_ENV: production, staging), so
 * the local-only /dev routes (mail outbox, sandbox payments) are not even in the bundle.
 */
declare const __LOCAL_TOOLS__: boolean;
