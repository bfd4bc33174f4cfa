// The review form as the shopper sees it: the title field says it is optional once, in both languages
// (the label's own text and the field's "(optional)" mark were both saying it).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import type { ApiClient } from '#shared/api/client';
import { ApiContext } from '../providers';
import { ReviewForm } from './ReviewForm';

provideDictionary('en', en);
provideDictionary('ar', ar);

const render = (lang: Lang) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <ApiContext.Provider value={{} as ApiClient}>
        <ReviewForm productId={1} productName="Vitamin D3" own={null} onDone={() => {}} onCancel={() => {}} />
      </ApiContext.Provider>
    </I18nProvider>,
  );

/** The visible text of the label for the field with that id. */
function labelText(html: string, id: string): string {
  const label = html.match(new RegExp(`<label[^>]*for="${id}"[^>]*>([\\s\\S]*?)</label>`))?.[1] ?? '';
  return label.replace(/<[^>]+>/g, '');
}

describe('ReviewForm', () => {
  it.each([
    ['en', 'Title', 'optional'],
    ['ar', 'العنوان', 'اختياري'],
  ] as const)('labels the title once as optional (%s)', (lang, title, optional) => {
    const text = labelText(render(lang), 'review-title');
    expect(text).toContain(title);
    expect(text.split(optional).length - 1).toBe(1);
  });
});
