// The footer's "Cookie settings": reopens the consent banner through a window event the
// analytics runtime listens for. Its own module, so neither the footer's nor the runtime's chunk puts it
// in the entry.
export const CONSENT_SETTINGS_EVENT = 'analytics:consent-settings';

export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_SETTINGS_EVENT));
}
