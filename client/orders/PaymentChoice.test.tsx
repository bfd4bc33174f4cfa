// Cash on delivery where the owner allows (issue 77): when the quote lists cash among the unavailable
// ways, the review step still shows it, disabled, with why (off in her country, or above the owner's
// cap in her currency), in both languages; the gateway's unavailable ways stay in the card list.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { formatMinor } from '#shared/money';
import type { CashUnavailable } from '#shared/payments/cash-on-delivery';
import type { UnavailableMethod } from '#shared/payments/gateway-methods';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { PaymentChoice } from './PaymentChoice';

provideDictionary('en', en);
provideDictionary('ar', ar);

const render = (lang: Lang, unavailable: (UnavailableMethod | CashUnavailable)[]) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <PaymentChoice
        methods={['card'] as const}
        method="card"
        onMethod={() => {}}
        label={() => 'Pay online'}
        cardMethods={['card', 'apple_pay']}
        cardMethod="card"
        onCardMethod={() => {}}
        extras={{
          due: 15_500,
          format: (n) => formatMinor(n, 'AED', lang, 'AE'),
          unavailable,
          stcPayPhone: '',
          onStcPayPhone: () => {},
        }}
      />
    </I18nProvider>,
  );

/** The disabled cash radio's note, as rendered. */
const cashNote = (html: string) => /data-testid="unavailable-cod">([^<]*)</.exec(html)?.[1];

describe('cash on delivery the owner does not allow', () => {
  it.each(['en', 'ar'] as const)('shows cash disabled, off in her country (%s)', (lang) => {
    const html = render(lang, [{ method: 'cod', reason: 'cod_off', limit: 0 }]);
    const dict = lang === 'en' ? en : ar;
    expect(html).toContain('<input type="radio" disabled="" name="payment" value="cod"/>');
    expect(html).toContain(dict.pay_cod);
    expect(cashNote(html)).toBe(dict.pay_cod_off);
  });

  it.each(['en', 'ar'] as const)('names the owner’s cap in her currency (%s)', (lang) => {
    const html = render(lang, [
      { method: 'cod', reason: 'above_maximum', limit: 10_000 },
      { method: 'tabby', reason: 'above_maximum', limit: 500_000 },
    ]);
    const cap = formatMinor(10_000, 'AED', lang, 'AE');
    expect(cashNote(html)).toBe((lang === 'en' ? en : ar).pay_cod_above_maximum.replace('{{amount}}', cap));
    // Tabby stays a card way; cash is never listed among them.
    expect(html).toContain('data-testid="unavailable-tabby"');
    expect(html.match(/value="cod"/g)).toHaveLength(1);
  });
});

// The Saudi shopper's browser story (buying.spec.ts) pays with mada; Kuwait's KNET is named here in
// Arabic, the label a Kuwaiti shopper ticks (decision 74: the card story joined the Saudi journey).
describe('the card ways', () => {
  it('names KNET in Arabic among a Kuwaiti shopper’s card ways', () => {
    const html = renderToStaticMarkup(
      <I18nProvider lang="ar">
        <PaymentChoice
          methods={['cod', 'card'] as const}
          method="card"
          onMethod={() => {}}
          label={(m) => (m === 'cod' ? ar.pay_cod : ar.pay_card)}
          cardMethods={['knet', 'card']}
          cardMethod="knet"
          onCardMethod={() => {}}
        />
      </I18nProvider>,
    );
    expect(html).toMatch(/<input type="radio"[^>]*value="knet"[^>]*\/><span>كي نت<\/span>/);
    expect(html).toContain(ar.pay_card);
  });
});
