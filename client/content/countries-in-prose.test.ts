// The information pages speak of every country the shop sells in, not two: the terms once sold only "in
// the State of Kuwait and the Kingdom of Saudi Arabia", priced in their two currencies, under their two
// laws, while the Emirates was open. Each country's facts (its emergency numbers, its law on personal
// data, its seller) come from the country modules; the prose names none of them. One sentence names a
// law by its country, as a fact about that law: the tax-record retention Saudi regulation requires.
import { describe, expect, it } from 'vitest';
import { staticPagesAr } from './static-pages.ar';
import { staticPagesEn } from './static-pages.en';

const COUNTRY_NAMES = /Kuwait|Saudi|Emirates|الكويت|السعودية|الإمارات/;
/** The one sentence that cites a country's law by name (the privacy policy's tax-record retention). */
const CITES_A_LAW = /Article 66|اللائحة التنفيذية/;

describe('the information pages’ prose', () => {
  it('names no country for what every country the shop sells in shares, in both languages', () => {
    const found: string[] = [];
    for (const [lang, pages] of Object.entries({ en: staticPagesEn, ar: staticPagesAr }))
      for (const [id, page] of Object.entries(pages))
        for (const text of [page.intro, ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs])])
          if (COUNTRY_NAMES.test(text) && !CITES_A_LAW.test(text)) found.push(`${lang} ${id}: ${text.slice(0, 80)}`);
    expect(found).toEqual([]);
  });
});
