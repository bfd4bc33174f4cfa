// One booking. Everyone who may open it sees the time (Gulf, Hijri beside in Arabic), the service,
// the mode, the status, "Join the call", and the outcome marks with the refund each one gives. Only
// the consultation's own nutritionist sees the health part: the intake, the results she shared
// (values against their ranges), her past orders (products only), previous notes with this
// nutritionist, and writes the notes, the summary for the shopper and the recommendation list, whose
// safety warnings must be acknowledged with a reason before it saves.
import { formatDate } from '#shared/text/dates';
import { formatMinor, isShopCurrency } from '#shared/money';
import type { CountryCode } from '#shared/locale';
import type { StaffSelf } from '../../lib/api';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import type { BookingView, SearchHitView } from '#shared/consultations/practice-views';
import type { GateWarning } from '#shared/safety/recommendation-gates';
import { Layout } from '../Layout';
import { modeText, nameIn, type Notes, outcomeText, PracticeNotes, statusText, whenText } from './common';
import { HOME_COUNTRY } from '#shared/countries';
import { doseInWords, NUTRIENT_NAME } from '#shared/safety/supplement-safety';

/** A nutrient's name in running text; a code the list does not know shows as it came. */
const nutrientName = (code: string, lang: 'en' | 'ar') =>
  Object.hasOwn(NUTRIENT_NAME, code) ? NUTRIENT_NAME[code as keyof typeof NUTRIENT_NAME][lang] : code;

export type WarningView = GateWarning;

/** An item the API refused for its warnings: shown again with them and a field for the reason. */
export interface PendingItem {
  sku_id: string;
  quantity: string;
  servings_per_day: string;
  dose: string;
  reason: string;
  acknowledged_reason: string;
  product_name: string;
  warnings: WarningView[];
}

const bi = (t: StaffTranslator, text: GateWarning['text']) => (t.lang === 'ar' ? text.ar : text.en);

function money(t: StaffTranslator, minor: number, currency: string, country: string) {
  return isShopCurrency(currency) ? formatMinor(minor, currency, t.lang, country as CountryCode) : String(minor);
}

function refundText(t: StaffTranslator, b: BookingView, refund: { amount: number; session_back: boolean }) {
  if (refund.session_back) return t.t('st_practice_refund_session_back');
  if (refund.amount > 0)
    return t.t('st_practice_refund_amount', { amount: money(t, refund.amount, b.currency, b.country) });
  return t.t('st_practice_refund_none');
}

function Warnings({ t, warnings }: { t: StaffTranslator; warnings: WarningView[] }) {
  if (!warnings.length) return null;
  return (
    <ul className="plain warn" data-warnings={warnings.map((w) => w.rule).join(' ')}>
      {warnings.map((w) => (
        <li key={w.rule}>
          <strong>{t.t('st_practice_warning')}</strong> {bi(t, w.text)}
        </li>
      ))}
    </ul>
  );
}

function ItemFields(props: {
  t: StaffTranslator;
  prefix: string;
  values?: Partial<PendingItem>;
  warnings: WarningView[];
}) {
  const { t, prefix: p, values: v = {} } = props;
  return (
    <div className="short-fields">
      <div className="field">
        <label htmlFor={`${p}-quantity`}>{t.t('st_practice_quantity')}</label>
        <input
          id={`${p}-quantity`}
          name="quantity"
          type="number"
          min={1}
          max={10}
          defaultValue={v.quantity ?? '1'}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${p}-servings`}>{t.t('st_practice_servings')}</label>
        <input
          id={`${p}-servings`}
          name="servings_per_day"
          type="number"
          min={1}
          max={10}
          defaultValue={v.servings_per_day ?? '1'}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${p}-dose`}>{t.t('st_practice_dose')}</label>
        <input type="text" id={`${p}-dose`} name="dose" maxLength={200} defaultValue={v.dose ?? ''} required />
      </div>
      <div className="field">
        <label htmlFor={`${p}-reason`}>{t.t('st_practice_reason')}</label>
        <textarea id={`${p}-reason`} name="reason" maxLength={1000} rows={2} defaultValue={v.reason ?? ''} required />
      </div>
      {props.warnings.length > 0 && (
        <div className="field">
          <label htmlFor={`${p}-ack`}>{t.t('st_practice_acknowledge')}</label>
          <textarea
            id={`${p}-ack`}
            name="acknowledged_reason"
            maxLength={500}
            rows={2}
            defaultValue={v.acknowledged_reason ?? ''}
            aria-describedby={`${p}-ack-hint`}
          />
          <p className="muted" id={`${p}-ack-hint`}>
            {t.t('st_practice_acknowledge_hint')}
          </p>
        </div>
      )}
    </div>
  );
}

/** The results she uploaded and shared: the lab and the sample's day, each file a link that opens it. */
function SharedUploads({ t, b }: { t: StaffTranslator; b: BookingView }) {
  const uploads = b.health_data?.shared_uploads ?? [];
  if (!uploads.length) return null;
  return (
    <ul className="rows" data-shared-uploads>
      {uploads.map((u) => (
        <li key={u.id} data-upload={u.id}>
          <strong>{t.t('st_practice_uploaded_result', { lab: u.lab_name })}</strong>{' '}
          <span className="muted">
            {t.t('st_practice_sampled_on', {
              date: formatDate(Date.parse(`${u.sample_date}T12:00:00Z`), t.lang, HOME_COUNTRY, { hijri: true }),
            })}
          </span>
          {u.files.length === 0 ? (
            <p className="muted">{t.t('st_practice_upload_no_files')}</p>
          ) : (
            <ul className="plain">
              {u.files.map((f) => (
                <li key={f.id}>
                  <a href={`/consultations/${b.id}/results/${u.id}/files/${f.id}`} download>
                    {t.t('st_practice_open_file', { name: f.name })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function Health(props: {
  t: StaffTranslator;
  b: BookingView;
  q: string;
  hits: SearchHitView[] | null;
  pending?: PendingItem;
}) {
  const { t, b } = props;
  const h = b.health_data!;
  const open = b.status !== 'cancelled';
  const pregnancy = h.intake?.pregnancy ?? h.pregnancy;
  return (
    <>
      <section aria-labelledby="intake">
        <h2 id="intake">{t.t('st_practice_intake')}</h2>
        {h.intake ? (
          <dl className="facts">
            <dt>{t.t('st_practice_goal')}</dt>
            <dd className="written">{h.intake.goal}</dd>
            <dt>{t.t('st_practice_conditions')}</dt>
            <dd className="written">{h.intake.conditions || t.t('st_practice_none_given')}</dd>
            <dt>{t.t('st_practice_medicines')}</dt>
            <dd>
              {h.intake.medicines.length === 0 ? (
                t.t('st_practice_none_given')
              ) : (
                <ul className="plain">
                  {h.intake.medicines.map((m, i) => (
                    <li key={i}>
                      {t.t(`st_practice_medicine_${m.class}` as StaffTextId)}
                      {m.name && ` · ${m.name}`}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
            <dt>{t.t('st_practice_pregnancy')}</dt>
            <dd data-pregnancy={pregnancy}>{t.t(`st_practice_pregnancy_${pregnancy}` as StaffTextId)}</dd>
            <dt>{t.t('st_practice_allergies')}</dt>
            <dd className="written">{h.intake.allergies || t.t('st_practice_none_given')}</dd>
            <dt>{t.t('st_practice_age')}</dt>
            <dd>{h.age === null ? t.t('st_practice_age_unknown') : t.n(h.age)}</dd>
          </dl>
        ) : (
          <p>{t.t('st_practice_no_intake')}</p>
        )}
      </section>

      <section aria-labelledby="results">
        <h2 id="results">{t.t('st_practice_shared_results')}</h2>
        {h.shared_results.length === 0 && h.shared_uploads.length === 0 && (
          <p>{t.t('st_practice_no_shared_results')}</p>
        )}
        <SharedUploads t={t} b={b} />
        {h.shared_results.length > 0 && (
          <div className="table-wrap">
            <table className="stacked">
              <thead>
                <tr>
                  <th scope="col">{t.t('st_practice_marker')}</th>
                  <th scope="col">{t.t('st_practice_value')}</th>
                  <th scope="col">{t.t('st_practice_range')}</th>
                  <th scope="col">{t.t('st_practice_sampled')}</th>
                </tr>
              </thead>
              <tbody>
                {h.shared_results.map((m) => {
                  const last = m.points[m.points.length - 1]!;
                  return (
                    <tr key={m.biomarker.id} data-marker={m.biomarker.id}>
                      <td data-label={t.t('st_practice_marker')}>{m.biomarker.name}</td>
                      <td data-label={t.t('st_practice_value')}>
                        <bdi dir="ltr">
                          {last.value} {last.unconverted_unit ?? m.unit.label}
                        </bdi>
                        {m.flag && <div className="flag">{t.t(`st_practice_flag_${m.flag}` as StaffTextId)}</div>}
                      </td>
                      <td data-label={t.t('st_practice_range')}>
                        {m.range ? (
                          <bdi dir="ltr">
                            {m.range.low ?? '–'} – {m.range.high ?? '–'} {m.unit.label}
                          </bdi>
                        ) : (
                          t.t('st_practice_no_range')
                        )}
                      </td>
                      <td data-label={t.t('st_practice_sampled')}>
                        {formatDate(Date.parse(`${last.date}T12:00:00Z`), t.lang, HOME_COUNTRY, { hijri: true })}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="orders">
        <h2 id="orders">{t.t('st_practice_past_orders')}</h2>
        {h.past_orders.length === 0 ? (
          <p>{t.t('st_practice_no_past_orders')}</p>
        ) : (
          <ul className="rows">
            {h.past_orders.map((o) => (
              <li key={o.id}>
                <span className="muted">{formatDate(o.created_at, t.lang, HOME_COUNTRY, { hijri: true })}</span>
                <ul className="plain">
                  {o.items.map((i) => (
                    <li key={`${i.name}|${i.sku_name}`}>
                      {i.name} · {i.sku_name} × {t.n(i.count)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="previous">
        <h2 id="previous">{t.t('st_practice_previous')}</h2>
        {h.previous.length === 0 ? (
          <p>{t.t('st_practice_no_previous')}</p>
        ) : (
          h.previous.map((p) => (
            <article key={p.id} className="card">
              <h3>
                {formatDate(p.starts_at, t.lang, HOME_COUNTRY, { hijri: true })} ·{' '}
                {t.lang === 'ar' ? p.service_ar : p.service_en}
              </h3>
              <p className="written">{p.notes ?? t.t('st_practice_no_notes')}</p>
              {p.summary && (
                <>
                  <h4>{t.t('st_practice_summary')}</h4>
                  <p className="written">{p.summary}</p>
                </>
              )}
            </article>
          ))
        )}
      </section>

      <section aria-labelledby="notes">
        <h2 id="notes">{t.t('st_practice_notes_title')}</h2>
        <form method="post" action={`/consultations/${b.id}/notes`}>
          <div className="field">
            <label htmlFor="notes-text">{t.t('st_practice_notes')}</label>
            <textarea
              id="notes-text"
              name="notes"
              rows={6}
              maxLength={20000}
              defaultValue={h.notes}
              aria-describedby="notes-hint"
            />
            <p className="muted" id="notes-hint">
              {t.t('st_practice_notes_hint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor="summary-text">
              {t.t('st_practice_summary_for', {
                lang: t.t(b.lang === 'ar' ? 'st_practice_in_arabic' : 'st_practice_in_english'),
              })}
            </label>
            <textarea
              id="summary-text"
              name="summary"
              rows={6}
              maxLength={20000}
              defaultValue={h.summary}
              lang={b.lang}
              dir={b.lang === 'ar' ? 'rtl' : 'ltr'}
            />
          </div>
          {open && <button type="submit">{t.t('st_practice_save_notes')}</button>}
        </form>
      </section>

      <section aria-labelledby="list">
        <h2 id="list">{t.t('st_practice_list_title')}</h2>
        {h.recommendations.length === 0 ? (
          <p>{t.t('st_practice_list_empty')}</p>
        ) : (
          <ul className="rows">
            {h.recommendations.map((r) => (
              <li key={r.product_id} data-recommendation={r.sku_id}>
                <strong>{r.product_name}</strong> · {r.sku_name} × {t.n(r.quantity)}
                <div>
                  {t.t('st_practice_servings_a_day', { count: r.servings_per_day })} ·{' '}
                  <span className="written">{r.dose}</span>
                </div>
                <div className="muted written">{r.reason}</div>
                <Warnings t={t} warnings={r.warnings} />
                {r.acknowledged_reason && (
                  <div className="muted">
                    {t.t('st_practice_acknowledged')} <span className="written">{r.acknowledged_reason}</span>
                  </div>
                )}
                {open && (
                  <form method="post" action={`/consultations/${b.id}/recommendations/remove`} className="inline">
                    <input type="hidden" name="sku_id" value={r.sku_id} />
                    <button
                      type="submit"
                      className="secondary"
                      aria-label={t.t('st_practice_remove_item_label', { name: r.product_name })}
                    >
                      {t.t('st_practice_remove')}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
        {props.pending && (
          <form
            method="post"
            action={`/consultations/${b.id}/recommendations/add`}
            className="card"
            data-pending={props.pending.sku_id}
          >
            <h3>{props.pending.product_name}</h3>
            <p className="note error" role="alert">
              {t.tKey('practice_warning_unacknowledged')}
            </p>
            <Warnings t={t} warnings={props.pending.warnings} />
            <input type="hidden" name="sku_id" value={props.pending.sku_id} />
            <input type="hidden" name="name" value={props.pending.product_name} />
            <ItemFields t={t} prefix="pending" values={props.pending} warnings={props.pending.warnings} />
            <button type="submit">{t.t('st_practice_add_to_list')}</button>
          </form>
        )}
        {open && (
          <>
            <h3>{t.t('st_practice_add_product')}</h3>
            <form method="get" action={`/consultations/${b.id}`} className="filters">
              <div>
                <label htmlFor="q">{t.t('st_practice_search')}</label>
                <input id="q" name="q" type="search" defaultValue={props.q} maxLength={80} required />
              </div>
              <div>
                <button type="submit">{t.t('st_practice_search_button')}</button>
              </div>
            </form>
            {props.hits && props.hits.length === 0 && <p>{t.t('st_practice_no_hits')}</p>}
            {props.hits?.map((s) => (
              <form
                key={s.sku_id}
                method="post"
                action={`/consultations/${b.id}/recommendations/add`}
                className="card"
                data-hit={s.sku_id}
              >
                <h4>
                  {s.product_name} · {s.sku_name}
                </h4>
                <p className="muted">
                  {t.t('st_practice_sku', { id: s.sku_id })}
                  {s.doses.length > 0 &&
                    ` · ${s.doses
                      .map((d) => `${nutrientName(d.nutrient, t.lang)} ${doseInWords(d.amount, d.unit, t.lang)}`)
                      .join(t.lang === 'ar' ? '، ' : ', ')}`}
                </p>
                <Warnings t={t} warnings={s.warnings} />
                <input type="hidden" name="sku_id" value={s.sku_id} />
                <input type="hidden" name="q" value={props.q} />
                <input type="hidden" name="name" value={`${s.product_name} · ${s.sku_name}`} />
                <ItemFields t={t} prefix={`hit-${s.sku_id}`} warnings={s.warnings} />
                <button type="submit">{t.t('st_practice_add_to_list')}</button>
              </form>
            ))}
          </>
        )}
      </section>

      <section aria-labelledby="share">
        <h2 id="share">{t.t('st_practice_share_title')}</h2>
        {h.shared_at !== null ? (
          <p data-shared>
            {t.t('st_practice_shared_at', { date: formatDate(h.shared_at, t.lang, HOME_COUNTRY, { time: true }) })}
          </p>
        ) : (
          <p>{t.t('st_practice_not_shared')}</p>
        )}
        {open && (
          <form method="post" action={`/consultations/${b.id}/share`}>
            <button type="submit">{t.t(h.shared_at === null ? 'st_practice_share' : 'st_practice_share_again')}</button>
          </form>
        )}
      </section>
    </>
  );
}

export function BookingPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: BookingView;
  notes: Notes;
  q: string;
  hits: SearchHitView[] | null;
  pending?: PendingItem;
}) {
  const { t, me, data: b } = props;
  const canMark = me.permissions.includes('consultations:write') && b.can_mark;
  return (
    <Layout
      t={t}
      nonce={props.nonce}
      me={me}
      title={t.t('st_practice_booking_title', { name: b.first_name })}
      path="/consultations"
    >
      <h1>{t.t('st_practice_booking_title', { name: b.first_name })}</h1>
      <PracticeNotes t={t} notes={props.notes} />
      <p>
        <a href="/consultations">{t.t('st_practice_back_to_day')}</a>
      </p>
      <dl className="facts">
        <dt>{t.t('st_practice_time')}</dt>
        <dd>{whenText(t, b.starts_at, b.ends_at)}</dd>
        <dt>{t.t('st_practice_service')}</dt>
        <dd>
          {nameIn(t, b.service)} · {t.t('st_practice_minutes', { count: b.service.minutes })}
        </dd>
        <dt>{t.t('st_practice_nutritionist')}</dt>
        <dd>{nameIn(t, b.nutritionist)}</dd>
        <dt>{t.t('st_practice_mode')}</dt>
        <dd>{modeText(t, b.mode)}</dd>
        <dt>{t.t('st_practice_status')}</dt>
        <dd data-status={b.status}>
          {statusText(t, b.status)}
          {b.outcome && ` · ${outcomeText(t, b.outcome)}`}
        </dd>
        <dt>{t.t('st_practice_paid')}</dt>
        <dd>
          {b.payment_method === 'package' ? t.t('st_practice_paid_package') : money(t, b.total, b.currency, b.country)}
          {b.refunded > 0 &&
            ` · ${t.t('st_practice_refunded', { amount: money(t, b.refunded, b.currency, b.country) })}`}
        </dd>
      </dl>
      {b.health && b.status === 'booked' && (
        <p>
          <a className="button" href={`/consultations/${b.id}/call`}>
            {t.t('st_practice_join_call')}
          </a>
        </p>
      )}

      <section aria-labelledby="marks">
        <h2 id="marks">{t.t('st_practice_marks_title')}</h2>
        {b.outcome ? (
          <p>{t.t('st_practice_marked_as', { outcome: outcomeText(t, b.outcome) })}</p>
        ) : canMark ? (
          <form method="post" action={`/consultations/${b.id}/mark`}>
            <fieldset>
              <legend>{t.t('st_practice_mark_legend')}</legend>
              {b.outcomes.map((o) => (
                <div key={o.outcome} className="check">
                  <input type="radio" id={`outcome-${o.outcome}`} name="outcome" value={o.outcome} required />
                  <label htmlFor={`outcome-${o.outcome}`}>
                    {outcomeText(t, o.outcome)}
                    <span className="muted" data-refund={o.outcome}>
                      {' '}
                      — {refundText(t, b, o.refund)}
                    </span>
                  </label>
                </div>
              ))}
            </fieldset>
            <button type="submit">{t.t('st_practice_mark')}</button>
          </form>
        ) : (
          <p className="muted">
            {t.t(b.starts_at > Date.now() ? 'st_practice_mark_after_start' : 'st_practice_mark_closed')}
          </p>
        )}
      </section>

      {b.health && b.health_data ? (
        <Health t={t} b={b} q={props.q} hits={props.hits} pending={props.pending} />
      ) : (
        <p className="note" data-no-health>
          {t.t('st_practice_health_private')}
        </p>
      )}
    </Layout>
  );
}
