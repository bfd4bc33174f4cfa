// The placeholder list in shared/routes.ts drives noindex and the sitemap: it must name exactly the
// routes that still render the "being prepared" page.
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, PLACEHOLDER_PAGE_IDS } from '../shared/routes';
import { routes } from './routes';

describe('placeholder pages', () => {
  it('are exactly the routes served by client/pages/section.tsx', () => {
    const en = routes[0]!.children!.find((r) => r.id === 'en')!.children!;
    const section = en.filter((r) => (r.handle as { module?: string } | undefined)?.module === 'client/pages/section.tsx');
    expect(section.map((r) => (r.handle as { page: string }).page).sort()).toEqual([...PLACEHOLDER_PAGE_IDS].sort());
    expect(PAGE_ROUTES.length).toBeGreaterThan(PLACEHOLDER_PAGE_IDS.length);
  });
});
