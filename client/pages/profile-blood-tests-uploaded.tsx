// /profile/blood-tests/uploaded: the results the shopper uploaded from other labs, newest sample first
// (?page= beyond the first 20); one result (?id=) with its facts, its files to download and the way to
// delete it, asked first in a dialog. Another shopper's id is a not-found (the API answers 404 for it).
import '../styles/orders.css';
import '../styles/account.css';
import '../styles/blood-test-booking.css';
import '../styles/blood-test-uploads.css';
import { useContext, useState } from 'react';
import { data, Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type {
  UploadedFile,
  UploadedResultDetail,
  UploadedResultList,
  UploadValue,
} from '#shared/api/blood-test-upload-schemas';
import { ApiFailure } from '#shared/api/client';
import { formatDate } from '#shared/text/dates';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { failureKey, UPLOAD_API } from '../blood-tests/upload-api';
// The values editor is part of this page's chunk (4 kB gzip with the page), rendered when opened. Loaded
// with React.lazy it made the bundler split the i18n and session contexts out of the entry into a
// chunk of their own, which every page, home included, then loaded: 400 bytes more before interactive.
import ValuesEditor from '../blood-tests/ValuesEditor';
import { UploadedList, useSampleDate } from '../blood-tests/UploadedList';
import { ValuesList } from '../blood-tests/ValuesList';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { Modal } from '../ui/Modal';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'booking', texts: ['orders'], siteIndex: 'account' } satisfies PageDeclaration;

type Data = { result: UploadedResultDetail } | { list: UploadedResultList };

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  const url = new URL(args.request.url);
  const id = url.searchParams.get('id');
  if (id !== null) {
    if (!/^\d{1,15}$/.test(id)) throw data(null, { status: 404 });
    return signedInCall(args, async () => {
      try {
        return { result: (await api.get<UploadedResultDetail>(UPLOAD_API.result(Number(id)))).data };
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
        throw error;
      }
    });
  }
  const page = Number(url.searchParams.get('page') ?? '1');
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data(null, { status: 404 });
  return signedInCall(args, async () => ({ list: (await api.get<UploadedResultList>(UPLOAD_API.list(page))).data }));
}

export function Component() {
  const loaded = useLoaderData() as Data;
  return 'result' in loaded ? <Detail result={loaded.result} /> : <List list={loaded.list} />;
}

function useCrumbs() {
  const { t } = useI18n();
  const href = useHref();
  return [
    { label: t('page_profile'), to: href('/profile') },
    { label: t('page_profile_blood_tests'), to: href('/profile/blood-tests') },
  ];
}

function List({ list }: { list: UploadedResultList }) {
  const { t } = useI18n();
  const href = useHref();
  const path = href('/profile/blood-tests/uploaded');
  return (
    <Page title={t('page_profile_blood_tests_uploaded')} crumbs={useCrumbs()}>
      <p className="uploaded-intro">{t('bt_uploaded_intro')}</p>
      {list.items.length > 0 && (
        <p>
          <Link className="button" to={href('/upload-blood-test')} data-testid="upload-new">
            {t('upload_new')}
          </Link>
        </p>
      )}
      <UploadedList items={list.items} />
      {list.page_count > 1 && (
        <nav className="pager" aria-label={t('page_profile_blood_tests_uploaded')}>
          {list.page > 1 && <Link to={`${path}?page=${list.page - 1}`}>{t('orders_previous')}</Link>}
          {list.page < list.page_count && <Link to={`${path}?page=${list.page + 1}`}>{t('orders_next')}</Link>}
        </nav>
      )}
    </Page>
  );
}

const TYPE_TEXT = {
  'application/pdf': 'upload_type_pdf',
  'image/jpeg': 'upload_type_jpeg',
  'image/png': 'upload_type_png',
  'image/heic': 'upload_type_heic',
} as const;

/** "2.1 MB", "340 KB" (at least 1 KB), Latin digits as every number of the shop. */
function useFileSize(): (bytes: number) => string {
  const { t, lang } = useI18n();
  return (bytes) => {
    const mb = bytes >= 1024 * 1024;
    const value = mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
    const size = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: mb ? 1 : 0 }).format(value);
    return t(mb ? 'upload_size_mb' : 'upload_size_kb', { size });
  };
}

function FileLink({ resultId, file }: { resultId: number; file: UploadedFile }) {
  const { t } = useI18n();
  const size = useFileSize();
  return (
    <li className="uploaded-file" data-testid="uploaded-file">
      <a href={UPLOAD_API.download(resultId, file.id)} download={file.name}>
        <bdi>{file.name}</bdi>
      </a>
      <span className="cart-line-meta">
        {t(TYPE_TEXT[file.type])} · <bdi>{size(file.size)}</bdi>
      </span>
    </li>
  );
}

function Values({ result }: { result: UploadedResultDetail }) {
  const { t } = useI18n();
  const [values, setValues] = useState<UploadValue[]>(result.values);
  const [editing, setEditing] = useState(false);
  const hasPdf = result.files.some((f) => f.type === 'application/pdf');
  return (
    <section
      className="form-card uploaded-values"
      aria-labelledby="uploaded-values-title"
      data-testid="uploaded-values"
    >
      <h2 id="uploaded-values-title">
        {t('upload_values_title')}{' '}
        {values.length > 0 && (
          <span className="uploaded-count">({t('upload_values_count', { count: values.length })})</span>
        )}
      </h2>
      <p className="form-note">{t('upload_values_intro')}</p>
      <ValuesList values={values} />
      {editing ? (
        <>
          <h3 className="values-editor-title">{t('upload_values_editor_title')}</h3>
          <ValuesEditor
            resultId={result.id}
            hasPdf={hasPdf}
            values={values}
            onSaved={(saved) => {
              setValues(saved);
              setEditing(false);
            }}
            onClose={() => setEditing(false)}
          />
        </>
      ) : (
        <p className="form-actions">
          <button type="button" className="button" onClick={() => setEditing(true)} data-testid="values-edit">
            {t('upload_values_edit')}
          </button>
        </p>
      )}
    </section>
  );
}

function Detail({ result }: { result: UploadedResultDetail }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const sampleDate = useSampleDate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await api.post(UPLOAD_API.remove(result.id));
      setConfirming(false);
      toast.success('upload_deleted');
      await navigate(href('/profile/blood-tests/uploaded'), { replace: true });
    } catch (error) {
      toast.apiError(failureKey(error));
      setBusy(false);
    }
  }

  return (
    <Page
      title={result.lab_name}
      crumbs={[
        ...useCrumbs(),
        { label: t('page_profile_blood_tests_uploaded'), to: href('/profile/blood-tests/uploaded') },
      ]}
    >
      <div className="bt-sections uploaded-detail">
        <section className="form-card" aria-labelledby="uploaded-facts-title">
          <h2 id="uploaded-facts-title" className="visually-hidden">
            {t('upload_form_title')}
          </h2>
          <dl className="review-facts uploaded-facts" data-testid="uploaded-facts">
            <div>
              <dt>{t('upload_fact_lab')}</dt>
              <dd>
                <bdi>{result.lab_name}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('upload_fact_sample')}</dt>
              <dd>{sampleDate(result.sample_date)}</dd>
            </div>
            <div>
              <dt>{t('upload_fact_uploaded')}</dt>
              <dd>{formatDate(result.created_at, lang, country, { time: true })}</dd>
            </div>
            {result.notes && (
              <div>
                <dt>{t('upload_fact_notes')}</dt>
                {/* The shopper's own words, in whichever language they were written. */}
                <dd className="uploaded-notes" dir="auto">
                  {result.notes}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('upload_fact_consent')}</dt>
              <dd>{formatDate(result.consent_at, lang, country, { time: true })}</dd>
            </div>
          </dl>
        </section>
        <section className="form-card" aria-labelledby="uploaded-files-title">
          <h2 id="uploaded-files-title">
            {t('upload_files_title')}{' '}
            <span className="uploaded-count">({t('upload_files_count', { count: result.files.length })})</span>
          </h2>
          <ul className="uploaded-files">
            {result.files.map((f) => (
              <FileLink key={f.id} resultId={result.id} file={f} />
            ))}
          </ul>
        </section>
        <Values key={result.id} result={result} />
        <p className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setConfirming(true)}
            data-testid="uploaded-delete"
          >
            {t('upload_delete')}
          </button>
        </p>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t('upload_delete_title')} size="xs">
        <p>{t('upload_delete_body')}</p>
        <div className="form-actions">
          <button
            type="button"
            className="button danger-button"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="uploaded-delete-confirm"
          >
            {t('upload_delete')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            {t('upload_delete_keep')}
          </button>
        </div>
      </Modal>
    </Page>
  );
}
