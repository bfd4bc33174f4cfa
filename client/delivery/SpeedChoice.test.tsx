// The review step's delivery line and the countdown beside it, as rendered in English: the Kuwaiti
// shopper's browser story (phone-sign-in.spec.ts) reads them in Arabic; English is checked here
// (decision 74). The day and "Order by" sentences are the API's, written in the answer's language.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CheckoutDelivery } from '#shared/delivery/promise';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { formatMinor } from '#shared/money';
import { I18nProvider, provideDictionary, useI18n } from '../i18n/context';
import { timeLeftText } from './OrderBy';
import { SpeedChoice } from './SpeedChoice';

provideDictionary('en', en);
provideDictionary('ar', ar);

const SAME_DAY: CheckoutDelivery = {
  promises: [
    {
      speed: 'same_day',
      arrives: '2026-11-28',
      order_by: Date.parse('2026-11-28T11:00:00Z'),
      day: 'Sat, Nov 28',
      order_by_text: 'Order by 2:00 PM',
      then_text: 'Orders after that arrive Sun, Nov 29.',
      fee: 1_000,
    },
  ],
  valid_until: Date.parse('2026-11-28T11:00:00Z'),
  speed: 'same_day',
  problem: null,
};

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('SpeedChoice', () => {
  it('prints one speed as a line with its day, the fee and by when to order (en)', () => {
    const html = renderToStaticMarkup(
      <I18nProvider lang="en">
        <SpeedChoice
          arrival={SAME_DAY}
          chosen={null}
          format={(n) => formatMinor(n, 'KWD', 'en', 'KW')}
          onSpeed={() => {}}
        />
      </I18nProvider>,
    );
    const line = /data-testid="delivery-speed-only">(.*?)<\/p>/s.exec(html)![1]!;
    expect(text(line)).toMatch(/^Same day: arrives Sat, Nov 28 · KWD\s?1\.000Order by 2:00 PMOrders after that arrive/);
  });
});

function Left({ left }: { left: { hours: number; minutes: number } }) {
  return <>{timeLeftText(useI18n().t, left)}</>;
}

describe('timeLeftText', () => {
  it.each([
    [{ hours: 3, minutes: 20 }, '(3 hours 20 minutes left)'],
    [{ hours: 1, minutes: 0 }, '(1 hour left)'],
    [{ hours: 0, minutes: 1 }, '(1 minute left)'],
  ])('says the time left before the cut-off in English (%o)', (left, said) => {
    expect(
      renderToStaticMarkup(
        <I18nProvider lang="en">
          <Left left={left} />
        </I18nProvider>,
      ),
    ).toBe(said);
  });
});
