// The shopper's uploaded results: the whole list of /profile/blood-tests/uploaded (paged), or the
// latest three on the /profile/blood-tests hub. Each card names the lab, the sample's date, the
// number of files and when it was uploaded, and opens the result (?id=).
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { UploadedResult } from '#shared/api/blood-test-upload-schemas';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { EmptyState } from '../ui/Page';

/** A calendar date (YYYY-MM-DD) as the shopper reads it; noon UTC is the same day in Kuwait and Riyadh. */
export function useSampleDate(): (isoDate: string) => string {
  const { lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  return (isoDate) => formatDate(Date.parse(`${isoDate}T12:00:00Z`), lang, country);
}

export function UploadedList({ items, compact = false }: { items: readonly UploadedResult[]; compact?: boolean }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const { country } = useSnapshot(useSessionStore());
  const sampleDate = useSampleDate();
  const shown = compact ? items.slice(0, 3) : items;
  if (shown.length === 0)
    return <EmptyState message="upload_list_empty" action={{ label: 'upload_new', to: '/upload-blood-test' }} />;
  const Heading = compact ? 'h3' : 'h2';
  return (
    <ul className="order-list" data-testid="uploaded-list">
      {shown.map((r) => (
        <li key={r.id} className="order-card" data-testid="uploaded-card">
          <Heading className="uploaded-card-title">
            <Link to={`${href('/profile/blood-tests/uploaded')}?id=${r.id}`}>
              <bdi>{r.lab_name}</bdi>
            </Link>
          </Heading>
          <p>{t('upload_sample_on', { date: sampleDate(r.sample_date) })}</p>
          <p className="cart-line-meta">
            {t('upload_files_count', { count: r.files.length })} ·{' '}
            {t('upload_uploaded_on', { date: formatDate(r.created_at, lang, country) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
