// The shopper's network address travels from the storefront (which reads Cloudflare's
// CF-Connecting-IP) to the API in this header. The API trusts it only because every request it
// accepts is the storefront's: through the API's door for it, which only its binding reaches (decision 78),
// or signed by it (decision 4); the browser's own copy is never forwarded.
export const CLIENT_IP_HEADER = 'x-client-ip';

/** What the API uses when a request carries no address (only local tools and tests do). */
export const UNKNOWN_CLIENT_IP = 'unknown';
