// The browser's install offer, as both the slot that holds it and the banner that uses it see it. Its own
// module because the slot loads the banner on demand: with the type in the slot, the two import each other.

/** Chrome's install offer (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
