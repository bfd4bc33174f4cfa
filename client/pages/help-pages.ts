// The shop's help and company pages, the app's guide and start screen, and the supplement quiz (a page
// group, page-group.ts: one row in the entry's route table for all of them; shoppers who never open one
// load none of it).
import { type PageExports, pageGroup } from './page-group';

export const loadPage = pageGroup(
  import.meta.glob<PageExports>([
    './become-a-supplier.tsx',
    './contact-us.tsx',
    './how-it-works.tsx',
    './site-index.tsx',
    './static-page.tsx',
    './install.tsx',
    './app-shell.tsx',
    './quiz.tsx',
    './quiz-result.tsx',
    // The consultation call's camera and microphone check.
    './consultation-check.tsx',
    '!./**/*.test.tsx',
  ]),
);
