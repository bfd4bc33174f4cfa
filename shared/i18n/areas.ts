// Dictionary areas (decision 18). The shell's texts (shell.en.ts / shell.ar.ts) load with every page; each area's texts (<area>.<lang>.ts) load with the routes and lazy parts that show them, so a
// page's first JavaScript carries only the texts it renders.
import type { Lang } from '../locale';

export const TEXT_AREAS = [
  'catalogue',
  'accounts',
  'orders',
  'static-pages',
  'blood-tests',
  'blood-test-results',
  'push',
  'app',
  'wishlists',
  'consent',
  'quiz',
  'reviews',
  'subscriptions',
  'consultations',
  'consultation-call',
  'points',
  // Live tracking on the order pages (issue 62): the parcel's steps and a failed attempt's choices.
  'tracking',
  'returns',
] as const;
export type TextArea = (typeof TEXT_AREAS)[number];

/** Source path of the shell's (no area) or an area's dictionary module: its key in the client build manifest. */
export function textModule(lang: Lang, area?: TextArea): string {
  return `shared/i18n/${area ?? 'shell'}.${lang}.ts`;
}
