// The payment gateways whose webhooks the shop takes, and the header each one signs its call with.
// The storefront relays exactly these headers to the API, which checks the one of its gateway, so
// both workers read them here.
export const WEBHOOK_SIGNATURE_HEADERS = { tap: 'hashstring', sandbox: 'x-sandbox-signature' } as const;

export type WebhookProvider = keyof typeof WEBHOOK_SIGNATURE_HEADERS;

/** The `:provider{…}` pattern of the webhook routes of both workers. */
export const WEBHOOK_PROVIDER_PATTERN = Object.keys(WEBHOOK_SIGNATURE_HEADERS).join('|');
