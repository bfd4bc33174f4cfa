// The account's pages: profile and its sections, sign-in and its siblings, the guest's order lookup, an
// alert's unsubscribe page (a page group, page-group.ts).
import { type PageExports, pageGroup } from './page-group';

export const loadPage = pageGroup(
  import.meta.glob<PageExports>([
    './profile.tsx',
    './profile-account.tsx',
    './profile-addresses.tsx',
    './profile-notifications.tsx',
    './profile-notify-list.tsx',
    './profile-orders.tsx',
    './profile-wallet.tsx',
    './profile-subscriptions.tsx',
    // The consultation call: its engine (client/call/) is imported by this page's chunk only.
    './profile-consultation-call.tsx',
    './auth/*.tsx',
    './logout.tsx',
    './order-lookup.tsx',
    './alerts-unsubscribe.tsx',
    '!./**/*.test.tsx',
  ]),
);
