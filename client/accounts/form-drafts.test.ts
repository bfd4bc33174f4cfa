import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './form-drafts';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    length: 0,
  };
}

describe('form drafts', () => {
  it('keeps typed values per form until cleared, and ignores what is not a draft', () => {
    const s = memory();
    expect(readDraft('checkout-address', s)).toBeNull();
    writeDraft('checkout-address', { street: 'King Fahd Road', city_id: '2' }, s);
    expect(readDraft('checkout-address', s)).toEqual({ street: 'King Fahd Road', city_id: '2' });
    expect(readDraft('other', s)).toBeNull();
    s.setItem('draft:broken', '[1,2]');
    expect(readDraft('broken', s)).toBeNull();
    clearDraft('checkout-address', s);
    expect(readDraft('checkout-address', s)).toBeNull();
  });
});
