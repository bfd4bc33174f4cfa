// The blood-test booking's pages: its checkout steps and layout, the profile's bookings and uploaded
// results, the upload form (a page group, page-group.ts).
import { type PageExports, pageGroup } from './page-group';

export const loadPage = pageGroup(
  import.meta.glob<PageExports>([
    './blood-test-checkout/*.tsx',
    './profile-blood-tests*.tsx',
    './upload-blood-test.tsx',
    '!./**/*.test.tsx',
  ]),
);
