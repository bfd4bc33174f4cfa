// A nutritionist's page as each member meets it (decision 86): her own with its forms, where she stands
// among the nutritionists left to the catalogue; another's to read only, with no form the API would
// refuse; the catalogue manager's with everything, adding and deleting nutritionists too.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NutritionistDetail } from '#shared/api/staff-catalogue-responses';
import { ROLE_PERMISSIONS, type Role } from '#shared/staff/permissions';
import type { StaffSelf } from '../../lib/api';
import { staffTranslator } from '../../lib/i18n';
import { NutritionistPage, NutritionistsPage } from './Nutritionists';

const member = (id: number, role: Role): StaffSelf => ({
  staff: { id, name: `Member ${id}`, email: `m${id}@example.com`, lang: 'en' },
  grants: [{ role, country: null }],
  permissions: [...ROLE_PERMISSIONS[role]],
  nutritionist: null,
});

const detail = (staffId: number | null, accounts: NutritionistDetail['accounts'] = null): NutritionistDetail => ({
  nutritionist: {
    id: 2,
    slug: 'khalid',
    name_en: 'Khalid',
    name_ar: 'خالد',
    title_en: 'Sports Nutritionist',
    title_ar: 'أخصائي تغذية رياضية',
    sort_order: 2,
    bio_en: 'Bio',
    bio_ar: 'نبذة',
    photo_key: 'nutritionists/khalid',
    years_experience: 6,
    gender: 'male',
    languages: 'ar,en',
    qualifications_en: '',
    qualifications_ar: '',
    staff_id: staffId,
    shop_share_bp: 3000,
  },
  lists: [
    {
      id: 2,
      nutritionist_id: 2,
      name_en: 'Training',
      name_ar: 'التمرين',
      sort_order: 1,
      items: [{ list_id: 2, product_id: 5, sort_order: 1, name_en: 'Whey', name_ar: 'واي' }],
    },
  ],
  accounts,
});

const page = (
  me: StaffSelf,
  staffId: number | null,
  lang: 'en' | 'ar' = 'en',
  accounts: Array<{ id: number; name: string; email: string }> | null = null,
) =>
  renderToStaticMarkup(
    createElement(NutritionistPage, { t: staffTranslator(lang), nonce: 'n', me, data: detail(staffId, accounts) }),
  );

describe("a nutritionist's page", () => {
  it('gives a nutritionist her own profile and lists to edit, but not her place or her deletion', () => {
    for (const lang of ['en', 'ar'] as const) {
      const html = page(member(7, 'nutritionist'), 7, lang);
      expect(html, lang).toContain('action="/nutritionists/2"');
      expect(html, lang).toContain('action="/nutritionists/lists/2/items"');
      expect(html, lang).toContain('action="/nutritionists/2/lists"');
      expect(html, lang).not.toContain('<fieldset disabled');
      expect(html, lang).toContain(`>${staffTranslator(lang).t('st_catalogue_save')}</button>`);
      expect(html, lang).not.toContain('action="/nutritionists/2/delete"');
      // Her place is carried as it is, not offered as a field.
      expect(html, lang).toContain('<input type="hidden" name="sort_order" value="2"/>');
      expect(html, lang).not.toMatch(
        /<input[^>]*type="number"[^>]*name="sort_order"|name="sort_order"[^>]*type="number"/,
      );
    }
  });

  it("shows another nutritionist's page to read only", () => {
    for (const lang of ['en', 'ar'] as const) {
      const html = page(member(7, 'nutritionist'), 8, lang);
      expect(html, lang).toContain('<fieldset disabled');
      expect(html, lang).not.toContain('method="post" action="/nutritionists/lists/2');
      expect(html, lang).not.toContain('action="/nutritionists/2/lists"');
      expect(html, lang).not.toContain('action="/nutritionists/2/delete"');
      expect(html, lang).not.toContain(`>${staffTranslator(lang).t('st_catalogue_save')}</button>`);
    }
    // Nobody's practice: the same.
    expect(page(member(7, 'nutritionist'), null)).toContain('<fieldset disabled');
  });

  it('gives the catalogue manager every nutritionist whole: her place, her lists and her deletion', () => {
    const html = page(member(3, 'catalogue_manager'), 8);
    expect(html).not.toContain('<fieldset disabled');
    expect(html).toContain('action="/nutritionists/lists/2/items"');
    expect(html).toContain('action="/nutritionists/2/delete"');
    expect(html).not.toContain('<input type="hidden" name="sort_order"');
  });

  it('lets the owner choose the account that practises as her, in either language, and nobody else', () => {
    const accounts = [
      { id: 7, name: 'Noura Staff', email: 'noura@staff.test' },
      { id: 9, name: 'Khalid Staff', email: 'khalid@staff.test' },
    ];
    for (const lang of ['en', 'ar'] as const) {
      const t = staffTranslator(lang);
      const html = page(member(1, 'owner'), 9, lang, accounts);
      expect(html, lang).toContain('action="/nutritionists/2/account"');
      expect(html, lang).toContain(`>${t.t('st_nutritionist_account')}</h2>`);
      expect(html, lang).toContain('<option value="9" selected="">Khalid Staff (khalid@staff.test)</option>');
      expect(html, lang).toContain(`<option value="">${t.t('st_nutritionist_account_none')}</option>`);
    }
    expect(page(member(7, 'nutritionist'), 7)).not.toContain('/account"');
    expect(page(member(3, 'catalogue_manager'), 8)).not.toContain('/account"');
  });

  it('offers adding a nutritionist to those who manage them alone', () => {
    const list = (me: StaffSelf) =>
      renderToStaticMarkup(createElement(NutritionistsPage, { t: staffTranslator('ar'), nonce: 'n', me, rows: [] }));
    expect(list(member(3, 'catalogue_manager'))).toContain('action="/nutritionists"');
    expect(list(member(7, 'nutritionist'))).not.toContain('action="/nutritionists"');
  });
});
