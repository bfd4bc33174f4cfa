// Once per order: a purchase is recorded the first time its success page shows, never on a
// reload, a return from the order list or another tab. The keys sent are kept in localStorage (the
// newest 50); without storage, for this page's life.
const KEY = 'analytics_sent';
const KEEP = 50;
const inMemory = new Set<string>();

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** True the first time `key` (e.g. `purchase:123`) is asked about on this device, false ever after. */
export function firstTime(key: string, storage: Store | null): boolean {
  if (inMemory.has(key)) return false;
  inMemory.add(key);
  if (!storage) return true;
  let seen: string[] = [];
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    if (Array.isArray(parsed)) seen = parsed.filter((k): k is string => typeof k === 'string');
  } catch {
    seen = [];
  }
  if (seen.includes(key)) return false;
  try {
    storage.setItem(KEY, JSON.stringify([...seen, key].slice(-KEEP)));
  } catch {
    // Storage full or refused: this page still sends it once.
  }
  return true;
}

export function localStore(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
