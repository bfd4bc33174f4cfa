// The page around a form a visitor sends us once (contact us, become a supplier): the content's title
// and intro, the form in its card with the required note, the send button and the privacy note, the
// confirmation that replaces it, and the content's sections beside it. The two pages were one copy of
// this with other fields; each now says only its fields, its texts and what stands beside the form.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentSections, type PageContent } from '../content';
import { useI18n } from '../i18n/context';
import { T } from '../i18n/T';
import { useHref } from '../lib/locale';
import { type FormApi, FormAlerts, type FormValues, FormSuccess } from './form';
import { Page } from './Page';

export function EnquiryPage<V extends FormValues>({
  content,
  form,
  title,
  submit,
  success,
  fields,
  aside,
}: {
  content: PageContent;
  form: FormApi<V>;
  /** The form card's heading. */
  title: string;
  /** The send button's text. */
  submit: string;
  /** The confirmation: its texts for the reference the API answered with, and what it offers next. */
  success: { title: string; body: (ref: number) => string; actions: ReactNode };
  fields: ReactNode;
  /** What stands beside the form above the content's sections. */
  aside?: ReactNode;
}) {
  const { t } = useI18n();
  const href = useHref();
  const titleId = `${form.id}-form-title`;
  return (
    <Page title={content.title} description={content.intro}>
      <p className="static-intro">{content.intro}</p>
      <div className="form-layout">
        <section className="form-card" aria-labelledby={titleId}>
          <h2 id={titleId}>{title}</h2>
          {form.result ? (
            <FormSuccess innerRef={form.successRef} title={success.title} body={success.body(form.result.id)}>
              {success.actions}
            </FormSuccess>
          ) : (
            <form
              ref={form.formRef}
              method="post"
              noValidate
              onSubmit={form.submit}
              aria-labelledby={titleId}
              aria-busy={form.sending || undefined}
            >
              <FormAlerts form={form} />
              <p className="form-note">{t('form_required_note')}</p>
              {fields}
              <div className="form-actions">
                <button type="submit" className="button" disabled={!form.ready}>
                  {form.sending ? t('form_sending') : submit}
                </button>
              </div>
              <p className="form-privacy">
                <T
                  k="form_privacy_note"
                  values={{ link: <Link to={href('/privacy-policy')}>{t('page_privacy_policy')}</Link> }}
                />
              </p>
            </form>
          )}
        </section>
        <aside className="form-aside">
          {aside}
          <ContentSections sections={content.sections} toc={false} />
        </aside>
      </div>
    </Page>
  );
}
