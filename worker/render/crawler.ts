// Crawlers and link-preview fetchers read the first HTML they get and run no script, so they are sent
// the whole document at once instead of a stream with Suspense fallbacks. `isbot` keeps the list of
// their user agents current (a hand-written /bot/ pattern also caught phones such as the CUBOT X30).
import { isbot } from 'isbot';

export function wantsWholeDocument(userAgent: string | undefined): boolean {
  return isbot(userAgent ?? '');
}
