// Moderation of what shoppers write (decision 44): the queue of reviews, questions and answers with what
// held each and the shoppers' reports, Approve, Reject with the reason its author reads, the shop's answer
// to a question, and the moderation settings. Plain forms; a refused one comes back with what was typed.
import { countriesFor } from '#shared/staff/permissions';
import { REVIEW_LIMITS, type TextStatus } from '#shared/reviews/rules';
import { formatDate } from '#shared/text/dates';
import type { QueueItem, WrittenKind } from '#shared/reviews/types';
import type { ModerationQueue } from '#shared/reviews/staff-responses';

export type { QueueItem, WrittenKind };
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { DoneNote, Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

export const QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const satisfies readonly TextStatus[];

/** A refused form: which one (`review-12`, `question-3-answer`, `settings`), the message key, what was typed. */
export interface ReviewsFormState {
  form?: string;
  error?: string;
  values?: Record<string, string>;
  done?: string;
}

const HELD = new Set(['profanity', 'link', 'health_claim', 'reported']);
const REPORTS = new Set(['spam', 'offensive', 'off_topic', 'medical', 'other']);

const itemKey = (i: Pick<QueueItem, 'kind' | 'id'>) => `${i.kind}-${i.id}`;

/** The page of one tab; the tab is kept on every form so a decision comes back to it. */
export const queueHref = (status: TextStatus, query = '') => {
  const params = new URLSearchParams(query);
  if (status !== 'pending') params.set('status', status);
  const s = params.toString();
  return `/reviews${s ? `?${s}` : ''}`;
};

function Stars({ t, rating }: { t: StaffTranslator; rating: number }) {
  return (
    <p className="stars">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {'☆'.repeat(5 - rating)}
      </span>{' '}
      {t.t('st_reviews_stars', { count: rating })}
    </p>
  );
}

/** A field's refusal; `field` names it for the shared "{{field}} is required". */
function FieldError({ t, id, msg, field }: { t: StaffTranslator; id: string; msg?: string; field?: string }) {
  if (!msg) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {t.tKey(msg, { field: field ?? '' })}
    </p>
  );
}

function Decisions(props: { t: StaffTranslator; item: QueueItem; tab: TextStatus; state?: ReviewsFormState }) {
  const { t, item, tab, state } = props;
  const key = itemKey(item);
  const action = `/reviews/${item.kind}/${item.id}/decide`;
  const mine = state?.form === key ? state : undefined;
  const reasonId = `${key}-reason`;
  const described = [`${reasonId}-hint`, mine?.error ? `${reasonId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="decide">
      {item.status !== 'approved' && (
        <form method="post" action={action} className="inline">
          <input type="hidden" name="decision" value="approve" />
          <input type="hidden" name="tab" value={tab} />
          <button type="submit">{t.t('st_reviews_approve')}</button>
        </form>
      )}
      {item.status !== 'rejected' && (
        <form method="post" action={action} className="stack reject">
          <input type="hidden" name="decision" value="reject" />
          <input type="hidden" name="tab" value={tab} />
          <div className="field">
            <label htmlFor={reasonId}>{t.t('st_reviews_reason')}</label>
            <textarea
              id={reasonId}
              name="reason"
              rows={2}
              dir="auto"
              required
              maxLength={REVIEW_LIMITS.rejectReasonMax}
              defaultValue={mine?.values?.reason ?? ''}
              aria-invalid={mine?.error ? true : undefined}
              aria-describedby={described}
            />
            <p className="hint muted" id={`${reasonId}-hint`}>
              {t.t('st_reviews_reason_hint')}
            </p>
            <FieldError t={t} id={`${reasonId}-error`} msg={mine?.error} field={t.t('st_reviews_reason')} />
          </div>
          <div>
            <button type="submit" className="danger">
              {t.t('st_reviews_reject')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function AnswerForm(props: { t: StaffTranslator; item: QueueItem; tab: TextStatus; state?: ReviewsFormState }) {
  const { t, item, tab } = props;
  const key = `${itemKey(item)}-answer`;
  const mine = props.state?.form === key ? props.state : undefined;
  const lang = mine?.values?.lang === 'en' || mine?.values?.lang === 'ar' ? mine.values.lang : item.lang;
  return (
    <details className="answer" open={!!mine}>
      <summary>{t.t('st_reviews_answer_heading')}</summary>
      <form method="post" action={`/reviews/question/${item.id}/answer`} className="stack">
        <input type="hidden" name="tab" value={tab} />
        <div className="field">
          <label htmlFor={`${key}-body`}>{t.t('st_reviews_answer_body')}</label>
          <textarea
            id={`${key}-body`}
            name="body"
            rows={3}
            dir="auto"
            required
            maxLength={REVIEW_LIMITS.answerMax}
            defaultValue={mine?.values?.body ?? ''}
            aria-invalid={mine?.error ? true : undefined}
            aria-describedby={[`${key}-hint`, mine?.error ? `${key}-error` : ''].filter(Boolean).join(' ')}
          />
          <p className="hint muted" id={`${key}-hint`}>
            {t.t('st_reviews_answer_hint')}
          </p>
          <FieldError t={t} id={`${key}-error`} msg={mine?.error} field={t.t('st_reviews_answer_body')} />
        </div>
        <div className="field">
          <label htmlFor={`${key}-lang`}>{t.t('st_reviews_answer_lang')}</label>
          <select id={`${key}-lang`} name="lang" defaultValue={lang}>
            <option value="ar">{t.t('st_reviews_lang_ar')}</option>
            <option value="en">{t.t('st_reviews_lang_en')}</option>
          </select>
        </div>
        <div>
          <button type="submit">{t.t('st_reviews_answer_send')}</button>
        </div>
      </form>
    </details>
  );
}

/**
 * What the author's line says of them. A product review: "Bought and received" when the shopper did. A
 * consultation's rating is never a purchase of goods: once published it says she had the consultation,
 * and while it waits it says that it waits (it is nobody's word yet, on no page).
 */
function AuthorBadge({ t, item }: { t: StaffTranslator; item: QueueItem }) {
  let text: string | null = null;
  if (item.kind === 'rating') {
    if (item.status === 'pending') text = t.t('st_reviews_rating_waiting');
    else if (item.status === 'approved') text = t.t('st_reviews_rating_consulted');
  } else if (item.verified && item.kind !== 'question') text = t.t('st_reviews_verified');
  if (!text) return null;
  return (
    <>
      {' '}
      <span className="badge" data-author-badge={item.kind}>
        {text}
      </span>
    </>
  );
}

function Item(props: {
  t: StaffTranslator;
  me: StaffSelf;
  item: QueueItem;
  tab: TextStatus;
  state?: ReviewsFormState;
}) {
  const { t, me, item } = props;
  const key = itemKey(item);
  const moderate = me.permissions.includes('reviews:moderate');
  const product = t.lang === 'ar' ? item.product.name_ar : item.product.name_en;
  const held = item.held_for.filter((f) => HELD.has(f));
  return (
    <article className="card moderation-item" id={key} data-kind={item.kind} aria-labelledby={`${key}-title`}>
      <h2 id={`${key}-title`}>
        {t.t('st_reviews_item_heading', { kind: t.t(`st_reviews_kind_${item.kind}`), product })}
      </h2>
      {item.rating !== null && <Stars t={t} rating={item.rating} />}
      {item.question !== null && (
        <div className="quoted">
          <p className="muted">{t.t('st_reviews_answers_question')}</p>
          <blockquote dir="auto">{item.question}</blockquote>
        </div>
      )}
      <div className="written" lang={item.lang} dir="auto">
        {item.title && <p className="written-title">{item.title}</p>}
        <p className="written-body">{item.body}</p>
      </div>
      {item.photos.length > 0 && (
        <ul className="photos" aria-label={t.t('st_reviews_photos')}>
          {item.photos.map((p, n) => (
            <li key={p.url}>
              <a href={p.url}>
                <img
                  className="thumb"
                  src={p.url}
                  width={p.width}
                  height={p.height}
                  alt={t.t('st_reviews_photo_alt', { n: t.n(n + 1) })}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <dl className="facts">
        <div>
          <dt>{t.t('st_reviews_by')}</dt>
          <dd>
            <span dir="auto">{item.author}</span>{' '}
            <span className="email muted" dir="ltr">
              {item.author_email}
            </span>
            <AuthorBadge t={t} item={item} />
          </dd>
        </div>
        <div>
          <dt>{t.t(item.about === 'nutritionist' ? 'st_reviews_nutritionist' : 'st_reviews_product')}</dt>
          <dd>
            {item.about === 'nutritionist' ? (
              <span dir="auto">{product}</span>
            ) : me.permissions.includes('catalogue:read') ? (
              <a href={`/catalogue/products/${item.product.id}`}>{product}</a>
            ) : (
              product
            )}
          </dd>
        </div>
        <div>
          <dt>{t.t('st_reviews_language')}</dt>
          <dd>{t.t(item.lang === 'ar' ? 'st_reviews_lang_ar' : 'st_reviews_lang_en')}</dd>
        </div>
        <div>
          <dt>{t.t('st_reviews_written')}</dt>
          <dd>{formatDate(item.at, t.lang, HOME_COUNTRY, { time: true })}</dd>
        </div>
        {item.status === 'pending' && (
          <div>
            <dt>{t.t('st_reviews_held_for')}</dt>
            <dd data-testid="held-for">
              {held.length
                ? held.map((f) => (
                    <span key={f} className={`badge held-${f}`}>
                      {t.t(`st_reviews_held_${f}` as StaffTextId)}
                    </span>
                  ))
                : t.t('st_reviews_held_none')}
            </dd>
          </div>
        )}
        {item.reports.length > 0 && (
          <div>
            <dt>{t.t('st_reviews_reports')}</dt>
            <dd>
              <ul className="plain">
                {item.reports.map((r) => (
                  <li key={r.reason}>
                    {t.t('st_reviews_report_count', {
                      reason: REPORTS.has(r.reason) ? t.t(`st_reviews_report_${r.reason}` as StaffTextId) : r.reason,
                      count: r.n,
                    })}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {item.status !== 'pending' && (
          <div>
            <dt>{t.t('st_reviews_status')}</dt>
            <dd>
              {t.t(`st_reviews_status_${item.status}`)}
              {item.reject_reason && (
                <>
                  <br />
                  <span dir="auto">{t.t('st_reviews_rejected_because', { reason: item.reject_reason })}</span>
                </>
              )}
            </dd>
          </div>
        )}
      </dl>
      {moderate && <Decisions t={t} item={item} tab={props.tab} state={props.state} />}
      {moderate && item.kind === 'question' && <AnswerForm t={t} item={item} tab={props.tab} state={props.state} />}
    </article>
  );
}

function Settings(props: { t: StaffTranslator; me: StaffSelf; queue: ModerationQueue; state?: ReviewsFormState }) {
  const { t, me } = props;
  const mine = props.state?.form === 'settings' ? props.state : undefined;
  const mode = mine?.values?.moderation ?? props.queue.settings.moderation;
  const days = mine?.values?.request_days ?? String(props.queue.settings.requestDays);
  // The shop's own settings: a member who moderates one country reads them (the API refuses her change).
  const write = countriesFor(me.grants, 'reviews:moderate') === null;
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">{t.t('st_reviews_settings')}</h2>
      <form method="post" action="/reviews/settings" className="card stack">
        <fieldset disabled={!write}>
          <legend>{t.t('st_reviews_mode')}</legend>
          {(['staff', 'rules'] as const).map((m) => (
            <div className="check" key={m}>
              <input type="radio" id={`moderation-${m}`} name="moderation" value={m} defaultChecked={mode === m} />
              <label htmlFor={`moderation-${m}`}>{t.t(`st_reviews_mode_${m}`)}</label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="request-days">{t.t('st_reviews_request_days')}</label>
          <input
            id="request-days"
            name="request_days"
            type="number"
            min={1}
            max={60}
            dir="ltr"
            inputMode="numeric"
            required
            disabled={!write}
            defaultValue={days}
            aria-invalid={mine?.error ? true : undefined}
            aria-describedby={['request-days-hint', mine?.error ? 'settings-error' : ''].filter(Boolean).join(' ')}
          />
          <p className="hint muted" id="request-days-hint">
            {t.t('st_reviews_request_days_hint')}
          </p>
          <FieldError t={t} id="settings-error" msg={mine?.error} />
        </div>
        {write && (
          <div>
            <button type="submit">{t.t('st_reviews_settings_save')}</button>
          </div>
        )}
      </form>
    </section>
  );
}

export function ReviewsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  tab: TextStatus;
  queue: ModerationQueue;
  state?: ReviewsFormState;
}) {
  const { t, me, queue, tab, state } = props;
  const waiting = queue.waiting.review + queue.waiting.question + queue.waiting.answer + queue.waiting.rating;
  const tabText: Record<TextStatus, string> = {
    pending: t.t('st_reviews_tab_pending', { n: t.n(waiting) }),
    approved: t.t('st_reviews_tab_approved'),
    rejected: t.t('st_reviews_tab_rejected'),
  };
  // A refused form says so at the top too, and names the item it belongs to.
  const failedItem = state?.form && state.form !== 'settings' ? state.form.replace(/-answer$/, '') : null;
  // "{{field}} is required" needs its field: the field's own message says it; the top one stays general.
  const failure = state?.error === 'validation_mandatory' ? 'validation_failed' : state?.error;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_reviews_title')} path="/reviews">
      <h1>{t.t('st_reviews_title')}</h1>
      <p className="muted">{t.t('st_reviews_intro')}</p>
      {!me.permissions.includes('reviews:moderate') && <p className="note">{t.t('st_reviews_read_only')}</p>}
      <DoneNote text={state?.done ? t.tKey(state.done) : null} />
      {failure && (
        <p className="note error">{failedItem ? <a href={`#${failedItem}`}>{t.tKey(failure)}</a> : t.tKey(failure)}</p>
      )}
      <nav className="subnav" aria-label={t.t('st_reviews_tabs')}>
        <ul>
          {QUEUE_STATUSES.map((s) => (
            <li key={s}>
              <a href={queueHref(s)} aria-current={s === tab ? 'page' : undefined}>
                {tabText[s]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {queue.items.length === 0 ? (
        <p>{t.t(tab === 'pending' ? 'st_reviews_none_pending' : 'st_reviews_none_decided')}</p>
      ) : (
        <div className="stack">
          {queue.items.map((item) => (
            <Item key={itemKey(item)} t={t} me={me} item={item} tab={tab} state={state} />
          ))}
        </div>
      )}
      <Settings t={t} me={me} queue={queue} state={state} />
    </Layout>
  );
}
