// A guest's recently viewed products (issue 64), in her browser only: product ids, the newest first.
// A signed-in shopper's are kept in her account instead (the product page's answer records them), and
// what a guest viewed joins her account when she signs in (viewed-sync.ts), leaving nothing here.
import { VIEWED_KEPT } from '#shared/catalogue/viewed';

const KEY = 'viewed-products';

export function viewedIds(): number[] {
  try {
    const ids = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

export function noteViewed(id: number): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([id, ...viewedIds().filter((x) => x !== id)].slice(0, VIEWED_KEPT)));
  } catch {
    // Storage full or refused (private mode): the list is a convenience, the page goes on.
  }
}

export function clearViewed(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
