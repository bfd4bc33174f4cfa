// What a guest viewed joins her account when she signs in (issue 64): sent once, then forgotten here,
// so a shared device keeps nothing of hers after she signs out.
import type { ApiClient } from '#shared/api/client';
import { VIEWED_PATHS, type ViewedCards } from '#shared/api/viewed-schemas';
import { clearViewed, viewedIds } from './viewed-store';

/** Her account's list after joining this device's (null when this device had none to join). */
export async function joinViewed(api: ApiClient): Promise<ViewedCards | null> {
  const ids = viewedIds();
  if (!ids.length) return null;
  const res = await api.post<ViewedCards>(VIEWED_PATHS.mine, { ids });
  clearViewed();
  return res.data;
}
