// Become a supplier: the application form (POST /misc/become-supplier) beside what we look for.
import { mapCountries } from '#shared/countries/map';
import { Link, useLoaderData } from 'react-router';
import { SUPPLIER_CATEGORIES, SUPPLIER_COUNTRIES, type SupplierCountry } from '#shared/api/form-facts';
import type { MessageId } from '#shared/i18n';
import { contentLoader, type PageContent } from '../content';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { EnquiryPage } from '../ui/EnquiryPage';
import { CheckboxGroup, Field, useForm, type FieldText } from '../ui/form';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'help', texts: ['static-pages'], siteIndex: 'company' } satisfies PageDeclaration;

export const loader = contentLoader;

const initial = {
  company_name: '',
  contact_name: '',
  email: '',
  phone: '',
  country: '',
  website: '',
  categories: [] as string[],
  message: '',
};
const fields: Record<keyof typeof initial, FieldText> = {
  company_name: { label: 'supplier_company_label' },
  contact_name: { label: 'supplier_contact_label' },
  email: { label: 'form_email_label', noun: 'form_email_noun' },
  phone: { label: 'supplier_phone_label', noun: 'form_phone_noun' },
  country: { label: 'supplier_country_label' },
  website: { label: 'supplier_website_label', noun: 'supplier_website_noun' },
  categories: { label: 'supplier_categories_label' },
  message: { label: 'supplier_message_label' },
};

const COUNTRY_LABELS: Record<SupplierCountry, MessageId> = {
  ...mapCountries((c): MessageId => `country_${c}`),
  other: 'supplier_country_other',
};

export function Component() {
  const content = useLoaderData() as PageContent;
  const { t } = useI18n();
  const href = useHref();
  const form = useForm({
    id: 'supplier',
    schema: () => import('#shared/api/forms').then((m) => m.supplierSchema),
    initial,
    fields,
    endpoint: '/misc/become-supplier',
  });
  return (
    <EnquiryPage
      content={content}
      form={form}
      title={t('supplier_form_title')}
      submit={t('supplier_submit')}
      success={{
        title: t('supplier_success_title'),
        body: (ref) => t('supplier_success_body', { ref }),
        actions: (
          <Link className="button button-secondary" to={href('/')}>
            {t('back_home')}
          </Link>
        ),
      }}
      fields={
        <>
          <Field form={form} name="company_name" required>
            {(p) => <input {...p} type="text" autoComplete="organization" />}
          </Field>
          <Field form={form} name="contact_name" required>
            {(p) => <input {...p} type="text" autoComplete="name" />}
          </Field>
          <Field form={form} name="email" required>
            {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
          </Field>
          <Field form={form} name="phone" hint={t('form_phone_hint')} required>
            {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />}
          </Field>
          <Field form={form} name="country" hint={t('supplier_country_hint')} required>
            {(p) => (
              <select {...p}>
                <option value="">{t('supplier_country_placeholder')}</option>
                {SUPPLIER_COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {t(COUNTRY_LABELS[c])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form={form} name="website" hint={t('supplier_website_hint')}>
            {(p) => <input {...p} type="url" autoComplete="url" inputMode="url" dir="ltr" />}
          </Field>
          <CheckboxGroup
            form={form}
            name="categories"
            hint={t('supplier_categories_hint')}
            options={SUPPLIER_CATEGORIES.map((c) => ({ value: c, label: t(`supplier_category_${c}`) }))}
          />
          <Field form={form} name="message" hint={t('supplier_message_hint')} required>
            {(p) => <textarea {...p} rows={6} />}
          </Field>
        </>
      }
    />
  );
}
