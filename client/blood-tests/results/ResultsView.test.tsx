// The results page as the shopper reads it, from fixture views of the results contract: range bars
// placed the same logical way in both languages, trends with their table, statuses in words, the
// falling note, the critical notice, and suggestions whose products go to the cart with their reason.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BloodTestResultsView, MarkerResult, Suggestion } from '#shared/api/blood-test-results-schemas';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { cart } from '../../cart/cart-store';
import { I18nProvider, provideDictionary } from '../../i18n/context';
import { createSessionStore, SessionContext } from '../../stores/session';
import { resetToasts, toastState } from '../../stores/toasts';
import { rangeBar, trendChart } from './geometry';
import { ResultsView } from './ResultsView';
import { addSuggestion, suggestionLineId } from './Suggestions';

provideDictionary('en', en);
provideDictionary('ar', ar);

const range = (low: string | null, high: string | null, over: Partial<MarkerResult['range']> = {}) => ({
  low,
  high,
  optimal_low: null,
  optimal_high: null,
  critical_low: null,
  critical_high: null,
  source: 'Endocrine Society 2011',
  source_url: 'https://example.org/range',
  ...over,
});

const vitaminD: MarkerResult = {
  biomarker: {
    id: 1,
    slug: 'vitamin-d-25-oh',
    name: '25-OH vitamin D',
    explanation: 'The storage form of vitamin D.',
    body_system: 'vitamins',
  },
  unit: { code: 'ng/mL', label: 'ng/mL' },
  points: [
    { date: '2025-03-03', value: '24', flag: 'low', source: 'upload', source_id: 3 },
    { date: '2025-09-10', value: '21', flag: 'low', source: 'order', source_id: 7 },
    { date: '2026-03-03', value: '18', flag: 'low', source: 'order', source_id: 9 },
  ],
  range: range('30', '100'),
  flag: 'low',
  optimal: null,
  falling: false,
};

const ferritin: MarkerResult = {
  biomarker: { id: 4, slug: 'ferritin', name: 'Ferritin', explanation: 'Iron stores.', body_system: 'blood' },
  unit: { code: 'ng/mL', label: 'ng/mL' },
  points: [
    { date: '2025-01-10', value: '120', flag: 'in_range', source: 'upload', source_id: 1 },
    { date: '2025-06-10', value: '90', flag: 'in_range', source: 'upload', source_id: 2 },
    { date: '2026-01-10', value: '60', flag: 'in_range', source: 'upload', source_id: 5 },
  ],
  range: range('30', '300', { optimal_low: '50', optimal_high: '150' }),
  flag: 'in_range',
  optimal: true,
  falling: true,
};

const potassium: MarkerResult = {
  biomarker: { id: 32, slug: 'potassium', name: 'Potassium', explanation: 'A salt.', body_system: 'kidney' },
  unit: { code: 'mmol/L', label: 'mmol/L' },
  points: [{ date: '2026-03-03', value: '6.8', flag: 'critical_high', source: 'order', source_id: 9 }],
  range: range('3.5', '5.1', { critical_low: '2.5', critical_high: '6.5' }),
  flag: 'critical_high',
  optimal: null,
  falling: false,
};

const product = (id: number, name: string, price: number) => ({
  product: {
    id,
    slug: `p-${id}`,
    name,
    brand: { id: 1, name: 'Gulf Vital' },
    image: { url: `/media/p-${id}.webp`, alt: name, width: 400, height: 400 },
  },
  sku: {
    id: id * 10,
    name: '60 softgels',
    price: { price, old_price: null },
    payable: { price, old_price: null, currency: 'KWD' as const },
    buy_limit: 3,
    in_stock: true,
  },
  dose: '1000 IU',
});

const suggestion: Suggestion = {
  id: 'vitamin-d-low',
  biomarker_slug: 'vitamin-d-25-oh',
  reason: {
    en: 'Your vitamin D was 18 ng/mL on 3 March, below 30.',
    ar: 'كان فيتامين د لديك 18 ng/mL في 3 مارس، أقل من 30.',
  },
  advice: 'A daily 1000 IU of vitamin D3 with a meal.',
  source: { name: 'NIH Office of Dietary Supplements', url: 'https://ods.od.nih.gov/factsheets/VitaminD/' },
  retest_on: '2026-06-03',
  products: [product(11, 'Vitamin D3 1000 IU', 3500), product(12, 'Vitamin D3 + K2', 5250)],
};

const view = (over: Partial<BloodTestResultsView> = {}): BloodTestResultsView => ({
  person: { patient_id: null, name: 'Sara', sex: 'female', age: 34 },
  people: [
    { patient_id: null, name: 'Sara' },
    { patient_id: 42, name: 'Noura' },
  ],
  unit_preference: 'conventional',
  needs_profile: false,
  markers: [potassium, ferritin, vitaminD],
  critical: true,
  suggestions: [suggestion],
  ...over,
});

const render = (lang: Lang, v: BloodTestResultsView) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SessionContext.Provider value={createSessionStore({ country: 'KW', user: null })}>
        <I18nProvider lang={lang}>
          <div dir={lang === 'ar' ? 'rtl' : 'ltr'}>
            <ResultsView view={v} onChanged={() => undefined} />
          </div>
        </I18nProvider>
      </SessionContext.Provider>
    </MemoryRouter>,
  );

/** The HTML of one marker's card. */
const card = (html: string, slug: string) => {
  const start = html.indexOf(`data-slug="${slug}"`);
  expect(start, slug).toBeGreaterThan(-1);
  const end = html.indexOf('data-testid="btr-marker"', start + 1);
  return html.slice(start, end === -1 ? undefined : end);
};

beforeEach(() => {
  cart.items = {};
  resetToasts();
});

describe('range bar geometry', () => {
  it('places the range in the middle with room each side, from 0 when it would go below', () => {
    // 30–100 with half its width each side would start at −5: it starts at 0 and ends at 135.
    expect(rangeBar(vitaminD.range!, '18')).toEqual({
      low: 22.2,
      high: 74.1,
      optimalLow: null,
      optimalHigh: null,
      value: 13.3,
    });
    // Only an upper limit: from 0 to one and a half times it; a value past the end widens the bar.
    expect(rangeBar(range(null, '100'), '50')).toMatchObject({ low: null, high: 66.7, value: 33.3 });
    expect(rangeBar(range(null, '100'), '300')!.value).toBe(95.2);
    // An optimal band with one open side reaches that end of the bar.
    expect(rangeBar(range('30', '300', { optimal_low: '50', optimal_high: null }), '60')).toMatchObject({
      optimalLow: 11.5,
      optimalHigh: 100,
    });
    expect(rangeBar(range(null, null), '5')).toBeNull();
  });
});

describe('trend chart geometry', () => {
  it('runs time from the left in English and from the right in Arabic, higher values higher up', () => {
    const ltr = trendChart(ferritin.points, ferritin.range, false);
    const rtl = trendChart(ferritin.points, ferritin.range, true);
    expect(ltr.points[0]!.x).toBeLessThan(ltr.points[2]!.x);
    expect(rtl.points[0]!.x).toBeGreaterThan(rtl.points[2]!.x);
    expect(rtl.points[0]!.x).toBe(320 - ltr.points[0]!.x);
    // 120 is higher on the page (smaller y) than 60.
    expect(ltr.points[0]!.y).toBeLessThan(ltr.points[2]!.y);
    expect(ltr.path).toMatch(/^M[\d.]+ [\d.]+ L[\d.]+ [\d.]+ L[\d.]+ [\d.]+$/);
    expect(ltr.band!.top).toBeLessThan(ltr.band!.bottom);
  });
});

describe('ResultsView', () => {
  it('shows each marker under its body system with value, unit, date and status in words', () => {
    const html = render('en', view());
    // Body systems in the page's order, whatever the API's order.
    const headings = [...html.matchAll(/class="btr-system-title">([^<]+)</g)].map((m) => m[1]);
    expect(headings).toEqual(['Vitamins and minerals', 'Blood and iron', 'Kidneys and salts']);
    const d = card(html, 'vitamin-d-25-oh');
    // The value and its unit: one left-to-right run that never breaks between them.
    expect(d).toContain(
      '<bdi dir="ltr" class="btr-measure"><span class="btr-value-number">18</span>\u00a0<span class="btr-value-unit">ng/mL</span></bdi>',
    );
    expect(d).toContain('Measured Mar 3, 2026');
    expect(d).toContain('data-testid="btr-status">Below range<');
    expect(d).toContain(
      'Normal range: <span class="btr-measure"><bdi dir="ltr">30–100</bdi>\u00a0<bdi dir="ltr">ng/mL</bdi></span>',
    );
    expect(d).toContain('href="https://example.org/range"');
    expect(d).not.toContain('btr-falling');
    const f = card(html, 'ferritin');
    expect(f).toContain('data-testid="btr-status">In range · Optimal<');
    expect(f).toContain('data-testid="btr-falling">In range but falling three times running<');
    expect(card(html, 'potassium')).toContain('data-testid="btr-status">Far above range<');
  });

  it('draws the range bar from the inline start: mirrored in Arabic, no style attributes (CSP)', () => {
    const en = card(render('en', view()), 'vitamin-d-25-oh');
    const ar = card(render('ar', view()), 'vitamin-d-25-oh');
    // 30–100 ng/mL on a 320-unit bar: the normal band at 22.2%–74.1%, the value 18 at 13.3%.
    expect(en).toContain('class="btr-bar-normal" x="71" y="8" width="166.1"');
    expect(ar).toContain('class="btr-bar-normal" x="82.9" y="8" width="166.1"');
    expect(en).toMatch(/class="btr-bar-value out" x="40\.6"/);
    expect(ar).toMatch(/class="btr-bar-value out" x="275\.4"/);
    expect(en).toMatch(/<text class="btr-bar-limit" x="71"[^>]*>30<\/text>/);
    expect(ar).toMatch(/<text class="btr-bar-limit" x="249"[^>]*>30<\/text>/);
    for (const d of [en, ar]) expect(d).not.toContain('style=');
    expect(render('ar', view())).toContain('dir="rtl"');
  });

  it('gives a trend of two or more results as an image with a summary and as a table with links', () => {
    const html = render('en', view());
    const d = card(html, 'vitamin-d-25-oh');
    expect(d).toContain(
      'role="img" aria-label="25-OH vitamin D: 3 results from Mar 3, 2025 to Mar 3, 2026, from 24\u00a0ng/mL to 18\u00a0ng/mL"',
    );
    const rows = [...d.matchAll(/<tr data-testid="btr-trend-row">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(
      '<td>Mar 3, 2025</td><td><bdi dir="ltr" class="btr-measure">24</bdi></td><td>Below range</td>',
    );
    expect(rows[0]).toContain('href="/profile/blood-tests/uploaded?id=3" data-discover="true">Uploaded</a>');
    expect(rows[2]).toContain('href="/profile/blood-tests/ordered?id=9" data-discover="true">Shop order</a>');
    expect(d).toContain('<summary>Show as a table</summary>');
    // One result: no chart.
    expect(card(html, 'potassium')).not.toContain('btr-chart');
    // Out of range points are diamonds, not only another colour.
    expect(d.match(/class="btr-chart-point out"/g)).toHaveLength(3);
    expect(card(html, 'ferritin').match(/<circle class="btr-chart-point"/g)).toHaveLength(3);
  });

  it('reads in Arabic with Arabic plurals and links, numbers isolated', () => {
    const html = render('ar', view());
    const d = card(html, 'vitamin-d-25-oh');
    expect(d).toContain('data-testid="btr-status">أقل من النطاق<');
    expect(d).toContain(
      // Every Arabic date carries its Hijri date (docs/recipes/add-a-text.md).
      'aria-label="25-OH vitamin D: 3 نتائج من 3 مارس 2025 (3\u00a0رمضان\u00a01446\u00a0هـ) إلى 3 مارس 2026 (14\u00a0رمضان\u00a01447\u00a0هـ)، من 24\u00a0ng/mL إلى 18\u00a0ng/mL"',
    );
    expect(d).toContain('href="/ar/profile/blood-tests/ordered?id=7" data-discover="true">طلب من المتجر</a>');
    // The range reads 30–100 (left to right) in Arabic too; time runs from the right: the oldest point is rightmost.
    expect(d).toContain(
      'النطاق الطبيعي: <span class="btr-measure"><bdi dir="ltr">30–100</bdi>\u00a0<bdi dir="ltr">ng/mL</bdi></span>',
    );
    expect(d).toMatch(/class="btr-chart-line" d="M306 [\d.]+ L[\d.]+ [\d.]+ L14 /);
    expect(card(render('en', view()), 'vitamin-d-25-oh')).toMatch(
      /class="btr-chart-line" d="M14 [\d.]+ L[\d.]+ [\d.]+ L306 /,
    );
    expect(html).toContain('3 مؤشرات متابَعة');
    expect(html).toContain('أضف المنتجين إلى السلة');
    expect(html).toContain(suggestion.reason.ar);
    expect(html).not.toContain(suggestion.reason.en);
  });

  it('says plainly to see a doctor when a value is critical, and always that it is no diagnosis', () => {
    const html = render('en', view());
    expect(html).toContain('<h2 id="btr-critical-title">Some values are far outside the normal range</h2>');
    expect(html).toContain('guidance, not a diagnosis');
    const calm = render('en', view({ critical: false, markers: [vitaminD] }));
    expect(calm).not.toContain('btr-critical');
    expect(calm).toContain('guidance, not a diagnosis');
  });

  it('switches people with links, marks the current one, and offers both units', () => {
    const html = render('en', view());
    expect(html).toContain(
      '<a aria-current="page" class="btr-person current" href="/profile/blood-tests" data-discover="true"><bdi>Sara</bdi>',
    );
    expect(html).toContain('href="/profile/blood-tests?person=42" data-discover="true"><bdi>Noura</bdi>');
    expect(render('en', view({ people: [{ patient_id: null, name: 'Sara' }] }))).not.toContain('btr-people');
    expect(html).toMatch(/<input type="radio"[^>]*name="btr-units" checked="" value="conventional"/);
    expect(html).toContain('International, SI');
  });

  it('asks for sex and date of birth only while they are missing', () => {
    expect(render('en', view())).not.toContain('btr-profile');
    const html = render('en', view({ needs_profile: true }));
    expect(html).toContain('Your sex and date of birth');
    expect(html).toContain('Normal ranges depend on sex and age');
    expect(html).toMatch(/<select[^>]*id="btr-profile-sex"/);
    expect(html).toMatch(/<input[^>]*type="date"|<input[^>]*id="btr-profile-date_of_birth"/);
  });

  it('explains an empty page and links to booking and uploading', () => {
    const html = render('en', view({ markers: [], suggestions: [], critical: false }));
    expect(html).toContain('data-testid="btr-empty"');
    expect(html).toContain('href="/blood-test"');
    expect(html).toContain('href="/upload-blood-test"');
    expect(html).not.toContain('btr-suggestions');
  });

  it('shows each suggestion with its reason, advice, source, retest date, products and price', () => {
    const html = render('en', view());
    expect(html).toContain(suggestion.reason.en);
    expect(html).toContain('A daily 1000 IU of vitamin D3 with a meal.');
    expect(html).toContain('href="https://ods.od.nih.gov/factsheets/VitaminD/"');
    expect(html).toContain('Test again around Jun 3, 2026');
    expect(html).toContain('Daily dose: 1000 IU');
    expect(html).toContain('3.500');
    expect(html).toContain('Add all 2 products to cart');
  });
});

describe('adding a suggestion to the cart', () => {
  it('adds every product with the Blood Test Results origin, the suggestion id and the reason', async () => {
    const id = suggestionLineId(suggestion, [vitaminD]);
    expect(id).toBe('vitamin-d-low:2026-03-03');
    expect(addSuggestion(suggestion, id)).toBe(2);
    for (const sku of [110, 120]) {
      expect(cart.items[String(sku)]).toMatchObject({
        count: 1,
        origin: { source: 'Blood Test Results', id: 'vitamin-d-low' },
        suggestionId: 'vitamin-d-low:2026-03-03',
        reason: suggestion.reason,
      });
    }
    expect(cart.items['110']!.product).toMatchObject({
      name: 'Vitamin D3 1000 IU',
      image: { url: '/media/p-11.webp' },
    });
    // One toast says it for all of them (it follows the first product's, as toasts replace each other),
    // once its counted text has loaded (client/cart/added-toast.ts).
    await vi.waitFor(() =>
      expect(toastState.next ?? toastState.current).toMatchObject({
        message: 'items_added_to_cart',
        params: { count: 2 },
      }),
    );
  });

  it('gives a line already in the cart the reason, never replacing one', () => {
    const other = { en: 'Low ferritin', ar: 'فيريتين منخفض' };
    addSuggestion({ ...suggestion, id: 'ferritin-low', reason: other, products: [suggestion.products[1]!] }, 'f');
    addSuggestion(suggestion, 'd');
    expect(cart.items['110']).toMatchObject({ count: 1, reason: suggestion.reason });
    expect(cart.items['120']).toMatchObject({ count: 2, reason: other, suggestionId: 'f' });
  });

  it('adds nothing out of stock or past the buy limit', () => {
    const [first, second] = suggestion.products;
    const s = {
      ...suggestion,
      products: [
        { ...first!, sku: { ...first!.sku, buy_limit: 1 } },
        { ...second!, sku: { ...second!.sku, in_stock: false } },
      ],
    };
    expect(addSuggestion(s, 'x')).toBe(1);
    expect(addSuggestion(s, 'x')).toBe(0);
    expect(cart.items['110']!.count).toBe(1);
    expect(cart.items['120']).toBeUndefined();
  });
});
