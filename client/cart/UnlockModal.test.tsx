// The unlock-free-delivery pop-up as rendered: it asks for one more product only while the cart is
// below the threshold; once the cart reaches it (a suggestion added from inside the pop-up), it says
// free delivery is reached, in both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_AMOUNTS } from '#shared/country-amounts';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { provideDictionary } from '../i18n/context';
import { emptyCart, fillCart, renderInShop } from './cart-render.test-support';
import { freeDeliveryUi } from './free-delivery-ui';
import { UnlockModal } from './UnlockModal';

provideDictionary('en', en);
provideDictionary('ar', ar);

function render(lang: Lang, subtotalFils: number): string {
  fillCart(subtotalFils);
  freeDeliveryUi.unlockOpen = true;
  return renderInShop(lang, <UnlockModal />);
}

afterEach(() => {
  emptyCart();
  freeDeliveryUi.unlockOpen = false;
});

const dict = { en, ar } as const;
// No country row in the boot data: the pop-up reads Kuwait's own default threshold (decision 52).
const threshold = DEFAULT_COUNTRY_AMOUNTS.KW.free_delivery_minor;

describe('UnlockModal', () => {
  it.each(['en', 'ar'] as const)('asks for one of the suggestions below the threshold (%s)', (lang) => {
    const html = render(lang, threshold - 1_000);
    expect(html).toContain(dict[lang].unlock_intro);
    expect(html).toContain(dict[lang].unlock_title);
    expect(html).not.toContain(dict[lang].free_delivery_enjoy);
  });

  it.each(['en', 'ar'] as const)('says free delivery is reached once the cart reaches it (%s)', (lang) => {
    const html = render(lang, threshold);
    expect(html).not.toContain(dict[lang].unlock_intro);
    expect(html).not.toContain(dict[lang].unlock_title);
    expect(html).toContain(dict[lang].free_delivery_reached_title);
    expect(html).toContain(dict[lang].free_delivery_enjoy);
    expect(html).not.toContain('data-testid="unlock-see-all"');
  });
});
