// /upload-blood-test: a shopper keeps results from another lab in their account. The page
// says what happens to the files; a guest is asked to sign in (and comes back here); a signed-in
// shopper fills in the lab, the sample's date, notes and the files (each sent as soon as it is chosen,
// with its own status, and removable until the result is saved), and gives the consent that health
// data needs. The form is read through the API's own schema; once saved, the result's page opens.
import '../styles/blood-test-booking.css';
import '../styles/blood-test-uploads.css';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { UploadType } from '#shared/api/blood-test-upload-schemas';
import { ApiFailure } from '#shared/api/client';
import { localizePath } from '#shared/locale';
import { paths } from '#shared/routes';
import { TIME_ZONES } from '#shared/text/dates';
import { failureKey, uploadFile } from '../blood-tests/upload-api';
import {
  CONSENT_GIVEN,
  refusedBeforeUpload,
  todayIn,
  UPLOAD_ACCEPT,
  UPLOAD_FORM_INITIAL,
  loadUploadFormSchema,
} from '../blood-tests/upload-form';
import { useI18n } from '../i18n/context';
import { sessionEndedUrl } from '../lib/session-ended';
import { useHref } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { Field, FieldNotes, FormAlerts, notesIds, RequiredMark, useForm, type FieldText } from '../ui/form';
import { Icon } from '../ui/Icon';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'booking', texts: ['orders'], siteIndex: 'shop' } satisfies PageDeclaration;

const fields: Record<keyof typeof UPLOAD_FORM_INITIAL, FieldText> = {
  lab_name: { label: 'upload_lab_label' },
  sample_date: { label: 'upload_date_label', noun: 'upload_date_noun' },
  notes: { label: 'upload_notes_label' },
  file_ids: { label: 'upload_files_label' },
  consent: { label: 'upload_consent_label' },
};

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const { user } = useSnapshot(useSessionStore());
  return (
    <Page title={t('page_upload_blood_test')} crumbs={[{ label: t('page_blood_test'), to: href('/blood-test') }]}>
      <p className="static-intro">{t('upload_intro')}</p>
      {/* What happens to the files comes first; on wide screens it stands beside the form. */}
      <div className="upload-layout">
        <section className="upload-promises" aria-labelledby="upload-private-title" data-testid="upload-promises">
          <h2 id="upload-private-title">{t('upload_private_title')}</h2>
          <ul>
            <li>{t('upload_private_encrypted')}</li>
            <li>{t('upload_private_only_you')}</li>
            <li>{t('upload_private_delete')}</li>
          </ul>
        </section>
        {user ? <UploadForm /> : <SignInFirst />}
      </div>
    </Page>
  );
}

function SignInFirst() {
  const { t, lang } = useI18n();
  const location = useLocation();
  const back = encodeURIComponent(location.pathname);
  return (
    <section className="form-card upload-card" aria-labelledby="upload-sign-in-title" data-testid="upload-sign-in">
      <h2 id="upload-sign-in-title">{t('upload_sign_in_title')}</h2>
      <p>{t('upload_sign_in_body')}</p>
      <p className="form-actions">
        <Link className="button" to={paths.signIn(lang, location.pathname)}>
          {t('sign_in')}
        </Link>
        <Link className="button button-secondary" to={`${localizePath('/auth/sign-up', lang)}?return_url=${back}`}>
          {t('sign_up')}
        </Link>
      </p>
    </section>
  );
}

interface ChosenFile {
  key: number;
  name: string;
  status: 'uploading' | 'done' | 'refused';
  /** The pending file's id once uploaded. */
  id?: string;
  type?: UploadType;
  /** Why it was refused: a message key. */
  error?: string;
  controller?: AbortController;
}

function UploadForm() {
  const { t, tKey, lang } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const session = useSessionStore();
  const { country } = useSnapshot(session);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const filesRef = useRef<ChosenFile[]>([]);
  const nextKey = useRef(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    id: 'upload',
    schema: loadUploadFormSchema,
    initial: UPLOAD_FORM_INITIAL,
    fields,
    endpoint: '/user/upload/bloodtest/submit',
    onSuccess(result) {
      toast.success('upload_saved');
      void navigate(`${href('/profile/blood-tests/uploaded')}?id=${(result as { id: number }).id}`);
    },
  });

  /** The list changes here only: the form's file_ids follow the files uploaded and still listed. */
  function update(change: (list: ChosenFile[]) => ChosenFile[]) {
    const next = change(filesRef.current);
    filesRef.current = next;
    setFiles(next);
    form.set(
      'file_ids',
      next.flatMap((f) => (f.status === 'done' && f.id ? [f.id] : [])),
    );
  }

  async function send(entry: ChosenFile, file: File) {
    const patch = (p: Partial<ChosenFile>) =>
      update((list) => list.map((f) => (f.key === entry.key ? { ...f, ...p, controller: undefined } : f)));
    try {
      const up = await uploadFile(file, { lang, country, signedIn: true }, entry.controller?.signal);
      patch({ status: 'done', id: up.id, type: up.type });
    } catch (error) {
      if (entry.controller?.signal.aborted) return;
      if (error instanceof ApiFailure && error.status === 401) {
        const next = sessionEndedUrl(window.location, lang);
        if (next) window.location.assign(next);
        return;
      }
      patch({ status: 'refused', error: failureKey(error) });
    }
  }

  function choose(list: FileList | null) {
    if (!list || list.length === 0) return;
    let kept = filesRef.current.filter((f) => f.status !== 'refused').length;
    const added: Array<{ entry: ChosenFile; file: File }> = [];
    for (const file of Array.from(list)) {
      const refused = refusedBeforeUpload(file, kept);
      if (!refused) kept++;
      const entry: ChosenFile = refused
        ? { key: nextKey.current++, name: file.name, status: 'refused', error: refused }
        : { key: nextKey.current++, name: file.name, status: 'uploading', controller: new AbortController() };
      added.push({ entry, file });
    }
    update((prev) => [...prev, ...added.map((a) => a.entry)]);
    for (const { entry, file } of added) if (entry.status === 'uploading') void send(entry, file);
    // The same file can be chosen again after removing it.
    if (inputRef.current) inputRef.current.value = '';
  }

  function remove(key: number) {
    filesRef.current.find((f) => f.key === key)?.controller?.abort();
    update((list) => list.filter((f) => f.key !== key));
    // Focus stays in the form: back to the file picker the removed file came from.
    inputRef.current?.focus();
  }

  const uploading = files.some((f) => f.status === 'uploading');
  const consentId = `${form.id}-consent`;
  const filesError = form.errors.file_ids;
  return (
    <section className="form-card upload-card" aria-labelledby="upload-form-title">
      <h2 id="upload-form-title">{t('upload_form_title')}</h2>
      <form
        ref={form.formRef}
        method="post"
        noValidate
        onSubmit={form.submit}
        aria-labelledby="upload-form-title"
        aria-busy={form.sending || undefined}
        data-testid="upload-form"
      >
        <FormAlerts form={form} />
        <p className="form-note">{t('upload_required_note')}</p>
        <Field form={form} name="lab_name" required>
          {(p) => <input {...p} type="text" autoComplete="off" maxLength={120} />}
        </Field>
        <Field form={form} name="sample_date" hint={t('upload_date_hint')} required>
          {(p) => <input {...p} type="date" min="1900-01-01" max={todayIn(TIME_ZONES[country])} />}
        </Field>
        <Field form={form} name="notes" hint={t('upload_notes_hint')}>
          {(p) => <textarea {...p} rows={3} maxLength={2000} />}
        </Field>

        <div className={filesError ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor={`${form.id}-file_ids`}>
            {t('upload_files_label')}
            <RequiredMark />
          </label>
          <FieldNotes id={`${form.id}-file_ids`} hint={t('upload_files_hint')} error={filesError} />
          <div className="upload-picker">
            <input
              ref={inputRef}
              id={`${form.id}-file_ids`}
              name="file_ids"
              type="file"
              multiple
              accept={UPLOAD_ACCEPT}
              className="visually-hidden"
              aria-invalid={filesError ? true : undefined}
              aria-describedby={notesIds(`${form.id}-file_ids`, t('upload_files_hint'), filesError)}
              onChange={(e) => choose(e.target.files)}
              data-testid="upload-files"
            />
            <label htmlFor={`${form.id}-file_ids`} className="button button-secondary" aria-hidden="true">
              <Icon name="add" /> {t('upload_files_choose')}
            </label>
          </div>
          {files.length > 0 && (
            <ul className="upload-file-list" aria-live="polite" data-testid="upload-file-list">
              {files.map((f) => (
                <li key={f.key} className={`upload-file upload-file-${f.status}`} data-testid="upload-file">
                  <span className="upload-file-name">
                    <bdi>{f.name}</bdi>
                  </span>
                  <span className="upload-file-status" data-testid="upload-file-status">
                    {f.status === 'uploading' && t('upload_file_uploading')}
                    {f.status === 'done' && t('upload_file_done')}
                    {f.status === 'refused' && `${t('upload_file_refused')}: ${tKey(f.error ?? 'server_error')}`}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => remove(f.key)}
                    aria-label={t('upload_file_remove', { name: f.name })}
                    data-testid="upload-file-remove"
                  >
                    <Icon name="close" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <fieldset
          className={form.errors.consent ? 'field field-group has-error' : 'field field-group'}
          data-testid="upload-consent-group"
        >
          <legend className="field-label">
            {t('upload_consent_title')}
            <RequiredMark />
          </legend>
          <FieldNotes id={consentId} error={form.errors.consent} />
          <label className="checkbox upload-consent" htmlFor={consentId}>
            <input
              type="checkbox"
              id={consentId}
              name="consent"
              checked={form.values.consent.includes(CONSENT_GIVEN)}
              required
              aria-invalid={form.errors.consent ? true : undefined}
              aria-describedby={notesIds(consentId, null, form.errors.consent)}
              onChange={(e) => form.set('consent', e.target.checked ? [CONSENT_GIVEN] : [])}
              onBlur={() => form.blur('consent')}
              data-testid="upload-consent"
            />
            <span>{t('upload_consent')}</span>
          </label>
        </fieldset>

        <div className="form-actions">
          <button type="submit" className="button" disabled={!form.ready || uploading} data-testid="upload-submit">
            {form.sending ? t('upload_submitting') : uploading ? t('upload_waiting_files') : t('upload_submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
