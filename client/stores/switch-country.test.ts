// A country switch brings the words a pending price says (issue 77's leftovers, decision 77): a price is
// pending only after the session's country changes, so the texts (shared/i18n/country-switch.*.ts, in no
// page's first JavaScript) are in the page's dictionary before it does, in the page's language.
import { subscribe } from 'valtio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTexts } from '../i18n/texts';
import { pendingPrice } from '../lib/locale';
import { createSessionStore } from './session';
import { switchCountry } from './switch-country';

afterEach(() => vi.unstubAllGlobals());

describe('switchCountry', () => {
  it('has the pending price’s place and its words in the page’s dictionary when the country changes', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'ar' }, cookie: '' });
    vi.stubGlobal('location', { protocol: 'https:' });
    vi.stubGlobal('sessionStorage', {});
    const session = createSessionStore({ country: 'KW', user: null });
    pendingPrice.length = 0;
    const heard: unknown[] = [];
    // In sync: the place and the dictionary at the very change, before any render of a pending price.
    subscribe(session, () => heard.push(pendingPrice.length === 1, browserTexts('ar').price_pending_label), true);
    await switchCountry(session, 'AE');
    expect(session.country).toBe('AE');
    expect(heard).toEqual([true, 'جارٍ تحميل السعر']);
    // The page's language only: an Arabic page has no English words to carry.
    expect(browserTexts('en').price_pending_label).toBeUndefined();
  });
});
