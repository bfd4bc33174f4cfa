// The dashboard's today is each country's own (issue 77). KW and SA stand for two countries whose days
// differ at the instant (a UTC+4 country's is tomorrow at 20:30 UTC, Kuwait's still today), as the route
// answers with each country's date: a member of several countries reads the home country's date above
// and the other's in its card; a clerk of one country reads hers.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CountryDay, DashboardData } from '#shared/api/staff-dashboard-responses';
import { currencyOf } from '#shared/countries';
import { staffTranslator } from '../lib/i18n';
import { DashboardPage } from './Dashboard';

const day = (country: CountryDay['country'], date: string): CountryDay => ({
  country,
  date,
  currency: currencyOf(country),
  orders: 0,
  orders_total: 0,
  to_confirm: 0,
  payments_open: 0,
  payments_failed: 0,
  visits: 0,
  visits_to_collect: 0,
});

function render(countries: CountryDay[], lang: 'en' | 'ar' = 'en') {
  const data: DashboardData = { date: '2026-11-28', countries, low_stock: [], e_invoice_renew_within_days: null };
  return renderToStaticMarkup(
    createElement(DashboardPage, {
      t: staffTranslator(lang),
      nonce: 'n',
      me: {
        staff: { id: 1, name: 'Huda', email: 'h@example.com', lang },
        grants: [],
        permissions: ['dashboard:read'],
        nutritionist: null,
      },
      data,
    }),
  );
}

describe('the dashboard’s today', () => {
  it('names a country’s own date in its card when it is not the home country’s', () => {
    const html = render([day('KW', '2026-11-28'), day('SA', '2026-11-29')]);
    expect(html).toContain('Today, Nov 28, 2026');
    expect(html).toMatch(/data-testid="day-date-SA">Today, Nov 29, 2026</);
    expect(html).not.toContain('day-date-KW');
    expect(render([day('KW', '2026-11-28'), day('SA', '2026-11-29')], 'ar')).toContain('day-date-SA');
  });

  it('gives a clerk of one country her own today above', () => {
    const html = render([day('SA', '2026-11-29')]);
    expect(html).toContain('Today, Nov 29, 2026');
    expect(html).not.toContain('Nov 28');
    expect(html).not.toContain('day-date-SA');
  });

  it('shows one date when every country is on the same day (Kuwait and Saudi Arabia, UTC+3)', () => {
    const html = render([day('KW', '2026-11-28'), day('SA', '2026-11-28')]);
    expect(html.match(/Today, Nov 28, 2026/g)).toHaveLength(1);
  });
});
