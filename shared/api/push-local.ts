// The local push endpoint's scheme, without the push schemas: the browser's push module (client/push/)
// makes such an endpoint, and loads no zod for it.

/**
 * The endpoint of a subscription made without a reachable push service (a local build's fallback,
 * client/push/): pushes to it land in the local outbox (/dev/pushbox). The API refuses it in production.
 */
export const LOCAL_PUSH_SCHEME = 'local:';
export const isLocalEndpoint = (endpoint: string) => endpoint.startsWith(LOCAL_PUSH_SCHEME);
