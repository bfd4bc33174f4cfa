// The shape of an alert's one-click unsubscribe token: au1.<b|p>.<user>.<id>.<64 hex>, as the API signs
// it (api/src/alerts/token.ts). Its own module: the unsubscribe page checks a link with it before
// anything loads, and the API's schema (alert-schemas.ts) refuses the same shapes.
export const ALERT_UNSUBSCRIBE_TOKEN = /^au1\.[bp]\.[0-9]{1,15}\.[0-9]{1,15}\.[0-9a-f]{64}$/;
