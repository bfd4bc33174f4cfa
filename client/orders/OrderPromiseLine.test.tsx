// The order's promised day on the thanks page and her order's page, as rendered in English: the
// Kuwaiti shopper's browser story (phone-sign-in.spec.ts) reads it in Arabic (decision 74).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import type { OrderView } from '#shared/orders/types';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { OrderPromiseLine } from './OrderPromiseLine';

provideDictionary('en', en);

const order = (promise: OrderView['promise'], status: OrderView['status'] = 'placed') =>
  ({ country: 'KW', status, promise }) as OrderView;

const render = (o: OrderView) =>
  renderToStaticMarkup(
    <I18nProvider lang="en">
      <OrderPromiseLine order={o} />
    </I18nProvider>,
  );

describe('OrderPromiseLine', () => {
  it('says the day it arrives, in English, until it is delivered', () => {
    const promise = { date: '2026-11-28', missed: false, rescheduled: false } as OrderView['promise'];
    expect(render(order(promise))).toMatch(/data-testid="order-promise"[^>]*>Arrives Sat, Nov 28<\/p>$/);
    expect(render(order(promise, 'delivered'))).toBe('');
  });
});
