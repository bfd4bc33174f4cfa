// What a shopper typed into a form, kept in sessionStorage while the tab lives: back from the review
// step, a reload, or a sign-in after the session ended mid-journey brings the typed values back.
const PREFIX = 'draft:';

export function readDraft<V extends Record<string, unknown>>(
  key: string,
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): V | null {
  try {
    const raw = storage?.getItem(PREFIX + key);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as V) : null;
  } catch {
    return null;
  }
}

export function writeDraft(
  key: string,
  values: Record<string, unknown>,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
): void {
  try {
    storage?.setItem(PREFIX + key, JSON.stringify(values));
  } catch (error) {
    console.warn('form draft could not be kept', error);
  }
}

export function clearDraft(key: string, storage: Pick<Storage, 'removeItem'> | null = safeStorage()): void {
  try {
    storage?.removeItem(PREFIX + key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
