// Analytics consent (decision 35): the cookie banner, loaded only where a tracker is configured
// and the shopper's country asks for consent; the local /dev/analytics outbox; /collect's message keys.
export const consentEn = {
  consent_title: 'Help us improve the shop',
  consent_body:
    'With your permission we count which products are viewed and bought, to improve the shop. We never record your name, contact details, health answers or blood tests, and nothing is sent to other websites from your browser.',
  consent_accept: 'Accept',
  consent_decline: 'Decline',
  consent_short: 'We count views and purchases, never your name or health data.',
  consent_details: 'Details',
  consent_saved_granted: 'Thank you. Shop statistics are on.',
  consent_saved_denied: 'Shop statistics are off.',

  // The local outbox (/dev/analytics), like /dev/mailbox
  analytics_outbox_title: 'Dev analytics outbox',
  analytics_outbox_note:
    'Local mode: the events the shop would send to its tracker are kept here for a day, newest first.',
  analytics_outbox_empty: 'No events yet. Accept statistics in the cookie banner, then browse the shop.',
  analytics_outbox_client: 'Browser id',
  analytics_outbox_events: { one: '{{count}} event', other: '{{count}} events' },

  // /collect's answers (message keys)
  analytics_event_invalid: 'This statistics event is not accepted.',
  analytics_consent_required: 'Statistics are off until you accept them.',
} as const;
