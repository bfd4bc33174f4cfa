// Contact us: the form (POST /misc/contact), customer care details and the page's texts.
import { useLoaderData } from 'react-router';
import { CONTACT_SUBJECTS } from '#shared/api/form-facts';
import { contentLoader, type PageContent } from '../content';
import { useI18n } from '../i18n/context';
import { EnquiryPage } from '../ui/EnquiryPage';
import { Field, useForm, type FieldText } from '../ui/form';
import { CompanyEmail, CompanyEntity, CompanyPhone, useShopperCountry } from '../shell/CompanyDetails';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'help', texts: ['static-pages'], siteIndex: 'help' } satisfies PageDeclaration;

export const loader = contentLoader;

const initial = { name: '', email: '', phone: '', subject: '', message: '' };
const fields: Record<keyof typeof initial, FieldText> = {
  name: { label: 'contact_name_label' },
  email: { label: 'form_email_label', noun: 'form_email_noun' },
  phone: { label: 'contact_phone_label', noun: 'form_phone_noun' },
  subject: { label: 'contact_subject_label' },
  message: { label: 'contact_message_label' },
};

export function Component() {
  const content = useLoaderData() as PageContent;
  const { t } = useI18n();
  // Customer care of the shopper's country: its phone and its legal entity.
  const country = useShopperCountry();
  const form = useForm({
    id: 'contact',
    schema: () => import('#shared/api/forms').then((m) => m.contactSchema),
    initial,
    fields,
    endpoint: '/misc/contact',
  });
  return (
    <EnquiryPage
      content={content}
      form={form}
      title={t('contact_form_title')}
      submit={t('contact_submit')}
      success={{
        title: t('contact_success_title'),
        body: (ref) => t('contact_success_body', { ref }),
        actions: (
          <button type="button" className="button button-secondary" onClick={form.reset}>
            {t('contact_send_another')}
          </button>
        ),
      }}
      fields={
        <>
          <Field form={form} name="name" required>
            {(p) => <input {...p} type="text" autoComplete="name" />}
          </Field>
          <Field form={form} name="email" required>
            {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
          </Field>
          <Field form={form} name="phone" hint={t('form_phone_hint')}>
            {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />}
          </Field>
          <Field form={form} name="subject" required>
            {(p) => (
              <select {...p}>
                <option value="">{t('contact_subject_placeholder')}</option>
                {CONTACT_SUBJECTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`contact_subject_${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form={form} name="message" hint={t('contact_message_hint')} required>
            {(p) => <textarea {...p} rows={6} />}
          </Field>
        </>
      }
      aside={
        <>
          <section className="contact-card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">{t('contact_details_title')}</h2>
            <dl className="contact-list">
              <CompanyEmail label="form_email_label" />
              <CompanyPhone country={country} label="contact_phone_title" whatsapp />
              <div>
                <dt>{t('contact_hours_title')}</dt>
                <dd>{t('contact_hours_value')}</dd>
                <dd className="muted">{t('contact_hours_friday')}</dd>
              </div>
            </dl>
          </section>
          <section className="contact-card" aria-labelledby="contact-company-title">
            <h2 id="contact-company-title">{t('company_details_title')}</h2>
            <CompanyEntity country={country} contact={false} />
          </section>
        </>
      }
    />
  );
}
