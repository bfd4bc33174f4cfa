// A subscription on /profile/subscriptions as rendered: an active one shows its next delivery and the
// day its order is placed; a paused one shows neither (nothing will be ordered or delivered), says it is
// paused and offers to resume, in both languages.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import type { SubscriptionStatus, SubscriptionView } from '#shared/subscriptions/types';
import { provideDictionary } from '../i18n/context';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import { SubscriptionCard } from './profile-subscriptions';

provideDictionary('en', en);
provideDictionary('ar', ar);

const sub = (status: SubscriptionStatus): SubscriptionView => ({
  id: 7,
  status,
  country: 'KW',
  product: { id: 1, slug: 'd3', name: 'Vitamin D3', image: null },
  sku: { id: 101, name: '60' },
  count: 1,
  every: '2m',
  offered: ['1m', '2m', '3m'],
  next_date: '2027-01-20',
  order_date: '2027-01-17',
  unit_price: 3600,
  discount: 10,
  currency: 'KWD',
  address: { id: 3, line: 'Salmiya, Block 3' },
  pay_by: 'card',
  card: { brand: 'VISA', last4: '4242' },
  last_run: null,
});

function render(lang: Lang, status: SubscriptionStatus): string {
  const boot = { lang, origin: 'https://shop.test', css: [], texts: [], fallback: {}, country: 'KW', user: null };
  return renderToStaticMarkup(
    <AppProviders
      boot={boot as unknown as BootData}
      api={{} as ApiClient}
      session={createSessionStore({ country: 'KW', user: null })}
    >
      <MemoryRouter>
        <SubscriptionCard sub={sub(status)} addresses={[]} onChanged={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const dict = { en, ar } as const;
/** The dictionary text before its first placeholder: enough to find it in the page. */
const lead = (text: string) => text.split('{{')[0]!;

describe('SubscriptionCard', () => {
  it.each(['en', 'ar'] as const)('shows an active subscription’s next delivery and order day (%s)', (lang) => {
    const html = render(lang, 'active');
    expect(html).toContain('data-testid="subscription-next"');
    expect(html).toContain(lead(dict[lang].sub_next));
    expect(html).toContain(lead(dict[lang].sub_order_on));
    expect(html).toContain(`>${dict[lang].sub_pause}<`);
  });

  it.each(['en', 'ar'] as const)('shows a paused one as paused, with no dates and the resume action (%s)', (lang) => {
    const html = render(lang, 'paused');
    expect(html).not.toContain('data-testid="subscription-next"');
    expect(html).not.toContain(lead(dict[lang].sub_next));
    expect(html).not.toContain(lead(dict[lang].sub_order_on));
    // Nor the form that moves the next delivery: there is none while paused.
    expect(html).not.toContain('type="date"');
    expect(html).toContain(`>${dict[lang].sub_status_paused}<`);
    expect(html).toContain(dict[lang].sub_paused_note);
    expect(html).toMatch(new RegExp(`data-testid="subscription-pause"[^>]*>${dict[lang].sub_resume}<`));
  });
});
