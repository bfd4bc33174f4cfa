// Several products added at once say how many, in the page's language, with texts that load with the
// toast: the shell's dictionary (every page's first JavaScript) carries none of them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '#shared/i18n';
import { shellAr } from '#shared/i18n/shell.ar';
import { shellEn } from '#shared/i18n/shell.en';
import { browserTexts } from '../i18n/texts';
import { resetToasts, toastState } from '../stores/toasts';
import { toastAdded } from './added-toast';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  resetToasts();
});

const shown = () => toastState.next ?? toastState.current;

describe('toastAdded', () => {
  it('says one product as any add does, without loading anything', async () => {
    await toastAdded(1);
    expect(shown()).toMatchObject({ message: 'item_added_to_cart' });
  });

  it('says how many in Arabic, its texts loaded into the page’s dictionary first', async () => {
    vi.stubEnv('SSR', false);
    vi.stubGlobal('document', { documentElement: { lang: 'ar' } });
    await toastAdded(2);
    expect(shown()).toMatchObject({ message: 'items_added_to_cart', params: { count: 2 } });
    const { tKey } = createTranslator('ar', browserTexts('ar'));
    expect(tKey('items_added_to_cart', { count: 2 })).toBe('تمت إضافة منتجين إلى السلة');
    expect(tKey('items_added_to_cart', { count: 3 })).toBe('تمت إضافة 3 منتجات إلى السلة');
  });

  it('says none were added when each was already at its limit', async () => {
    await toastAdded(0);
    expect(shown()).toMatchObject({ message: 'items_added_to_cart', params: { count: 0 } });
  });

  it('leaves the counted text out of the shell’s dictionary, which every page’s first JavaScript carries', () => {
    expect(shellEn).not.toHaveProperty('items_added_to_cart');
    expect(shellAr).not.toHaveProperty('items_added_to_cart');
  });
});
