// The privacy page states the shop's retention figures (shared/data-rights/retention-figures.ts, which
// the API's configuration applies: tests/unit/retention-figures.test.ts) in both languages.
import { describe, expect, it } from 'vitest';
import { RETENTION } from '#shared/data-rights/retention-figures';
import { staticPagesAr } from './static-pages.ar';
import { staticPagesEn } from './static-pages.en';

describe('privacy page', () => {
  it('states every retention figure, in English and Arabic', () => {
    for (const page of [staticPagesEn['privacy-policy'], staticPagesAr['privacy-policy']]) {
      const retention = page.sections.find((s) => s.id === 'retention')!;
      const text = [...retention.paragraphs, ...(retention.items ?? [])].join('\n');
      for (const n of Object.values(RETENTION)) expect(text).toContain(String(n));
    }
  });
});
