// The order page's returns below the browser (issue 73): returns numbered within the order with the
// reference her mails give, and the form in the shop's form styles with its heading ready for the focus,
// in both languages. The focus itself moving is the returns story's (tests/e2e/return-to-refund.spec.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import type { OrderView } from '#shared/orders/types';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { createSessionStore, SessionContext } from '../stores/session';
import { OrderReturns } from './OrderReturns';
import ReturnForm from './ReturnForm';

provideDictionary('en', en);
provideDictionary('ar', ar);

const DAY = 86_400_000;
const order = {
  id: 1234,
  country: 'KW',
  currency: 'KWD',
  items: [{ sku_id: 101, name: 'Omega 3', sku_name: '60 capsules', count: 3 }],
  returns: {
    until: Date.UTC(2026, 10, 30),
    left: [{ sku_id: 101, count: 2 }],
    // Shop-wide ids: her first return of this order is 12.
    list: [12, 15].map((id, i) => ({
      id,
      status: 'requested',
      reason: 'wrong_item',
      created_at: Date.UTC(2026, 10, 20) + i * DAY,
      items: [{ sku_id: 101, count: 1 }],
      refund_amount: null,
      parcel: null,
    })),
  },
} as unknown as OrderView;

const inPage = (lang: Lang, node: React.ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <SessionContext.Provider value={createSessionStore({ country: 'KW', user: null })}>
        {node}
      </SessionContext.Provider>
    </I18nProvider>,
  );

describe("her order's returns", () => {
  it('are numbered within the order, with the reference her mails give', () => {
    const html = inPage('en', <OrderReturns order={order} onReturned={() => undefined} />);
    expect(html).toContain('Return 1 (ref. 12)');
    expect(html).toContain('Return 2 (ref. 15)');
    expect(inPage('ar', <OrderReturns order={order} onReturned={() => undefined} />)).toContain(
      'الإرجاع 1 (المرجع 12)',
    );
  });

  it('are asked for in the shop’s form styles: fields, finger-sized choices, a heading that takes the focus', () => {
    for (const lang of ['en', 'ar'] as const) {
      const html = inPage(lang, <ReturnForm order={order} onClose={() => undefined} onDone={() => undefined} />);
      // No bare fieldset (the browser's border), each one a .field with its legend as the label.
      expect(html.match(/<fieldset[^>]*>/g)!.every((f) => f.includes('class="field"'))).toBe(true);
      expect(html).toMatch(/<h3 tabindex="-1">/);
      // The reasons are the shop's large choices, each line its quantity beside its name.
      expect(html.match(/<label class="checkbox"><input type="radio"/g)).toHaveLength(3);
      expect(html).toContain('class="return-line"');
      expect(html).toContain('class="form-actions"');
    }
  });
});
