// The slot picker as the shopper sees it: mornings only for fasting, places left with Arabic plurals,
// the Hijri date beside the Gregorian one in Arabic only.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SlotDay } from '#shared/blood-tests/order-types';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { COUNTRY_CODES } from '#shared/countries';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { SlotPicker, windowText } from './SlotPicker';

provideDictionary('en', en);
provideDictionary('ar', ar);

const window = (w: '07-09' | '09-11' | '16-18' | '18-20', places_left: number) => ({
  window: w,
  starts: `${w.slice(0, 2)}:00`,
  ends: `${w.slice(3)}:00`,
  places_left,
  available: places_left > 0,
});

const days: SlotDay[] = [
  { date: '2026-11-21', closed: false, windows: [window('07-09', 2), window('09-11', 0), window('16-18', 5)] },
  { date: '2026-11-22', closed: false, windows: [window('16-18', 3)] },
  { date: '2026-11-27', closed: true, windows: [] },
];

const render = (lang: Lang, fasting: boolean, country: 'KW' | 'SA' = 'KW') =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <SlotPicker
        days={days}
        fasting={fasting}
        country={country}
        value={{ date: '2026-11-21', window: '07-09' }}
        onChange={() => undefined}
      />
    </I18nProvider>,
  );

describe('SlotPicker', () => {
  it('offers every open day and window when no test needs fasting', () => {
    const html = render('en', false);
    expect(html).toContain('Sat, Nov 21');
    expect(html).toContain('Sun, Nov 22');
    expect(html).not.toContain('Nov 27');
    expect(html).toContain('4:00 PM – 6:00 PM');
    expect(html).toContain('7 places left');
    expect(html).not.toContain('only morning visits');
  });

  it('offers only mornings with a fasting test, says why, and drops days without a morning', () => {
    const html = render('en', true);
    expect(html).toContain('only morning visits');
    expect(html).not.toContain('4:00 PM');
    expect(html).not.toContain('Sun, Nov 22');
    expect(html).toContain('2 places left');
    expect(html).toContain('Fully booked');
  });

  it('shows the Umm al-Qura date beside the Gregorian one and Arabic plurals in Arabic', () => {
    const html = render('ar', true, 'SA');
    expect(html).toContain('السبت، 21 نوفمبر');
    expect(html).toContain('11\u00a0جمادى\u00a0الآخرة');
    expect(html).toContain('مكانان متبقيان');
    expect(render('en', true)).not.toContain('جمادى');
  });

  it("writes a window on the visit country's own clock: 07-09 is 7 to 9 in Kuwait, Riyadh and Dubai", () => {
    // The windows are set on each country's clock (the server's visitInstant); Dubai is UTC+4, not +3.
    for (const country of COUNTRY_CODES) {
      expect(windowText('2026-12-05', '07-09', 'en', country), country).toMatch(/^7:00\sAM\s–\s9:00\sAM$/);
      expect(windowText('2026-12-05', '07-09', 'ar', country), country).toMatch(/^7:00\sص\s–\s9:00\sص$/);
    }
  });
});
