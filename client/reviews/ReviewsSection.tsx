// The interactive reviews section of a product page, loaded on demand by ReviewsHost (decision 44):
// the summary, sort and filters, the list page by page, helpful votes and reports, the shopper's own
// review with the shop's decision on it and its form, and the questions with their answers. It takes the
// place of the server's first render once its first page is here, drawn with the same parts.
import { useContext, useLayoutEffect, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { REVIEW_LIMITS, REPORT_REASONS, REVIEW_SORTS, type ReportReason, type ReviewSort } from '#shared/reviews/rules';
import type { OwnReview, ReviewPage, ReviewView } from '#shared/reviews/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { RatingSummaryView, ReviewItem } from './ReviewParts';
import { ReviewForm } from './ReviewForm';
import { QuestionsPart } from './QuestionsPart';
import { failureKey } from './failure';

interface Filters {
  sort: ReviewSort;
  lang: '' | 'en' | 'ar';
  stars: string;
}

function listPath(productId: number, f: Filters, page: number): string {
  const q = new URLSearchParams({ sort: f.sort });
  if (f.lang) q.set('lang', f.lang);
  if (f.stars) q.set('stars', f.stars);
  if (page > 1) q.set('page', String(page));
  return `/product/${productId}/reviews?${q}`;
}

export default function ReviewsSection({
  place,
  productId,
  productName,
}: {
  place: HTMLElement;
  productId: number;
  productName: string;
}) {
  const { t } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  // What the server rendered in the place: removed once this section has its first page to show.
  const [statics] = useState(() => Array.from(place.childNodes));
  const [filters, setFilters] = useState<Filters>({ sort: 'helpful', lang: '', stars: '' });
  const [pages, setPages] = useState(1);
  const [expanded, setExpanded] = useState(false);
  const first = useSWR<ReviewPage>(listPath(productId, filters, 1));
  const mine = useSWR<OwnReview>(user ? `/product/${productId}/reviews/mine` : null);
  const [writing, setWriting] = useState(() => location.hash === '#write-review');

  useLayoutEffect(() => {
    if (!first.data) return;
    for (const node of statics) node.parentNode?.removeChild(node);
  }, [first.data, statics]);

  if (!first.data) {
    if (statics.length) return null;
    return first.error ? (
      <div className="rv-load-failed">
        <p>{t('rv_load_failed')}</p>
        <button type="button" className="button button-secondary" onClick={() => void first.mutate()}>
          {t('rv_retry')}
        </button>
      </div>
    ) : (
      <p className="rv-muted">{t('rv_loading')}</p>
    );
  }
  const summary = first.data.summary;
  const own = mine.data?.review ?? null;
  const choose = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPages(1);
    setExpanded(true);
  };
  const refresh = () => {
    void first.mutate();
    void mine.mutate();
  };

  return (
    <>
      <h2 id="reviews-title">{t('rv_title')}</h2>
      <RatingSummaryView summary={summary} />
      <div className="rv-toolbar">
        <WriteButton
          signedIn={!!user}
          own={mine.data}
          onWrite={() => setWriting(true)}
          onSignIn={() => openAuthModal({ onSuccess: () => void mine.mutate() })}
        />
        {summary.count > 0 && (
          <>
            <label>
              {t('rv_sort_label')}
              <select value={filters.sort} onChange={(e) => choose({ sort: e.target.value as ReviewSort })}>
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`rv_sort_${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('rv_lang_label')}
              <select value={filters.lang} onChange={(e) => choose({ lang: e.target.value as Filters['lang'] })}>
                <option value="">{t('rv_lang_all')}</option>
                <option value="en">{t('rv_lang_en')}</option>
                <option value="ar">{t('rv_lang_ar')}</option>
              </select>
            </label>
            <label>
              {t('rv_stars_filter')}
              <select value={filters.stars} onChange={(e) => choose({ stars: e.target.value })}>
                <option value="">{t('rv_stars_all')}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t('rv_star_n', { count: n })}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </div>
      {own && !writing && (
        <OwnStatus own={own} onEdit={() => setWriting(true)} onRemoved={refresh} productId={productId} />
      )}
      {writing && mine.data?.can_review && (
        <ReviewForm
          productId={productId}
          productName={productName}
          own={own}
          onDone={() => {
            setWriting(false);
            refresh();
          }}
          onCancel={() => setWriting(false)}
        />
      )}
      <ReviewList
        productId={productId}
        filters={filters}
        first={first.data}
        pages={pages}
        expanded={expanded}
        ownId={own?.id ?? null}
        onMore={() => (expanded ? setPages((p) => p + 1) : setExpanded(true))}
      />
      <QuestionsPart
        productId={productId}
        canAnswer={!!mine.data?.can_answer}
        waiting={mine.data?.waiting ?? []}
        onChange={() => void mine.mutate()}
      />
    </>
  );
}

function WriteButton({
  signedIn,
  own,
  onWrite,
  onSignIn,
}: {
  signedIn: boolean;
  own: OwnReview | undefined;
  onWrite: () => void;
  onSignIn: () => void;
}) {
  const { t } = useI18n();
  if (!signedIn)
    return (
      <p className="rv-muted">
        {t('rv_sign_in')}{' '}
        <button type="button" className="link-button" onClick={onSignIn}>
          {t('rv_sign_in_link')}
        </button>
      </p>
    );
  if (!own) return null;
  if (!own.can_review) return <p className="rv-muted">{t('rv_not_received')}</p>;
  return (
    <button type="button" className="button" onClick={onWrite} data-testid="write-review">
      {t(own.review ? 'rv_edit' : 'rv_write')}
    </button>
  );
}

function OwnStatus({
  own,
  productId,
  onEdit,
  onRemoved,
}: {
  own: NonNullable<OwnReview['review']>;
  productId: number;
  onEdit: () => void;
  onRemoved: () => void;
}) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  async function remove() {
    if (!window.confirm(t('rv_remove_confirm'))) return;
    try {
      await api.post(`/product/${productId}/reviews/remove`, {});
      toast.success('review_removed');
      onRemoved();
    } catch (error) {
      toast.apiError(failureKey(error));
    }
  }
  return (
    <section className="rv-yours" aria-labelledby="rv-yours-title" data-testid="own-review">
      <h3 id="rv-yours-title">{t('rv_yours')}</h3>
      <p className={`rv-status-${own.status}`} data-testid="own-review-status">
        {own.status === 'rejected'
          ? t('rv_status_rejected', { reason: own.reject_reason ?? '' })
          : t(own.status === 'approved' ? 'rv_status_approved' : 'rv_status_pending')}
      </p>
      <p className="rv-body" lang={own.lang}>
        {own.body}
      </p>
      <div className="rv-actions">
        <button type="button" className="button button-secondary" onClick={onEdit}>
          {t('rv_edit')}
        </button>
        <button type="button" className="link-button" onClick={() => void remove()}>
          {t('rv_remove')}
        </button>
      </div>
    </section>
  );
}

function ReviewList({
  productId,
  filters,
  first,
  pages,
  expanded,
  ownId,
  onMore,
}: {
  productId: number;
  filters: Filters;
  first: ReviewPage;
  pages: number;
  expanded: boolean;
  ownId: number | null;
  onMore: () => void;
}) {
  const { t } = useI18n();
  const shown = expanded ? first.items : first.items.slice(0, REVIEW_LIMITS.previewCount);
  const more = expanded ? pages * first.per_page < first.total : first.total > shown.length;
  if (!first.total) return first.summary.count ? <p className="rv-muted">{t('rv_filtered_none')}</p> : null;
  const count = expanded ? Math.min(first.total, pages * first.per_page) : shown.length;
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {t('rv_showing', { count })}
      </p>
      <ol className="rv-list">
        {shown.map((r) => (
          <ReviewItem key={r.id} review={r} actions={r.id === ownId ? null : <ReviewActions review={r} />} />
        ))}
        {Array.from({ length: pages - 1 }, (_, i) => (
          <LaterPage key={i} path={listPath(productId, filters, i + 2)} ownId={ownId} />
        ))}
      </ol>
      {more && (
        <button type="button" className="button button-secondary" onClick={onMore}>
          {t('rv_show_more')}
        </button>
      )}
    </>
  );
}

/** A further page of the list, loaded when "Show more" asked for it. */
function LaterPage({ path, ownId }: { path: string; ownId: number | null }) {
  const { data } = useSWR<ReviewPage>(path);
  return data?.items.map((r) => (
    <ReviewItem key={r.id} review={r} actions={r.id === ownId ? null : <ReviewActions review={r} />} />
  ));
}

function ReviewActions({ review }: { review: ReviewView }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const { user } = useSnapshot(useSessionStore());
  const [voted, setVoted] = useState(review.voted);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  async function vote(value: boolean) {
    setBusy(true);
    try {
      await api.post(`/review/${review.id}/helpful`, { value });
      setVoted(value);
    } catch (error) {
      toast.apiError(failureKey(error));
    } finally {
      setBusy(false);
    }
  }
  const signedIn = (then: () => void) => (user ? then() : openAuthModal({ onSuccess: then }));
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-pressed={voted}
        disabled={busy}
        onClick={() => signedIn(() => void vote(!voted))}
      >
        {t(voted ? 'rv_helpful_undo' : 'rv_helpful_question')}
      </button>
      <button type="button" className="link-button" onClick={() => signedIn(() => setReporting(true))}>
        {t('rv_report')}
      </button>
      {reporting && <ReportForm reviewId={review.id} onClose={() => setReporting(false)} />}
    </>
  );
}

function ReportForm({ reviewId, onClose }: { reviewId: number; onClose: () => void }) {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    if (!reason) return setError('report_reason_required');
    try {
      await api.post(`/review/${reviewId}/report`, { reason });
      toast.success('review_reported');
      onClose();
    } catch (e) {
      setError(failureKey(e));
    }
  }
  return (
    <form
      className="rv-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <fieldset>
        <legend>{t('rv_report_reason')}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="choice">
            <input
              type="radio"
              name={`report-${reviewId}`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            <span>{t(`rv_report_${r}`)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" role="alert">
          {tKey(error)}
        </p>
      )}
      <div className="rv-actions">
        <button type="submit" className="button">
          {t('rv_report_send')}
        </button>
        <button type="button" className="link-button" onClick={onClose}>
          {t('rv_cancel')}
        </button>
      </div>
    </form>
  );
}
