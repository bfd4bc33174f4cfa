// Carriers' tracking webhooks (issue 62): the carrier codes whose webhooks the shop takes and the
// headers they sign or authenticate their calls with. The storefront relays exactly these headers to
// the API (as for payment webhooks), where the carrier's adapter checks its own (Carrier.readWebhook).
export const CARRIER_WEBHOOK_CODES = ['local', 'aramex', 'smsa', 'dhl', 'own'] as const;

/** The `:code{…}` pattern of the webhook routes of both workers. */
export const CARRIER_WEBHOOK_PATTERN = CARRIER_WEBHOOK_CODES.join('|');

/** Headers a carrier's webhook may carry its signature or secret in; the adapters read theirs. */
export const CARRIER_WEBHOOK_HEADERS = [
  'authorization',
  'x-local-carrier-signature',
  'x-aramex-signature',
  'x-smsa-signature',
  'x-dhl-signature',
  'x-webhook-secret',
] as const;

/** A carrier's webhook is a batch of tracking events: small JSON. */
export const CARRIER_WEBHOOK_MAX_BYTES = 256 * 1024;
