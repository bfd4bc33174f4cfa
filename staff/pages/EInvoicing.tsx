// The owner's E-invoicing page (issue 75): the ZATCA environment, the seller's legal data on every Saudi
// e-invoice, the onboarding's four steps in ZATCA's order (each with its state, its form when it is the
// next one, and the last outcome in ZATCA's words), the stamp in use and its renewal, warned weeks ahead.
import { HOME_COUNTRY } from '#shared/countries';
import { countriesInvoicing } from '#shared/countries/rules';
import type {
  EInvoiceSellerField,
  EInvoiceStampView,
  EInvoicingLastStep,
  EInvoicingView,
} from '#shared/api/e-invoicing-schemas';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Notice } from './Customers';
import { Layout } from './Layout';

export type EInvoicingForm = 'seller' | 'keys' | 'compliance' | 'checks' | 'production' | 'renew';
export interface EInvoicingState {
  form?: EInvoicingForm;
  done?: string;
  error?: string;
  values?: Record<string, string>;
}

type T = StaffTranslator;

const SELLER_FIELDS: Array<{ name: EInvoiceSellerField; label: StaffTextId; ltr?: boolean; digits?: boolean }> = [
  { name: 'name_ar', label: 'st_einv_name_ar' },
  { name: 'vat_number', label: 'st_einv_vat_number', ltr: true, digits: true },
  { name: 'cr_number', label: 'st_einv_cr_number', ltr: true, digits: true },
  { name: 'branch', label: 'st_einv_branch' },
  { name: 'business_category', label: 'st_einv_business_category' },
];
const ADDRESS_FIELDS: typeof SELLER_FIELDS = [
  { name: 'street', label: 'st_einv_street' },
  { name: 'building', label: 'st_einv_building', ltr: true, digits: true },
  { name: 'district', label: 'st_einv_district' },
  { name: 'city', label: 'st_einv_city' },
  { name: 'postal_code', label: 'st_einv_postal_code', ltr: true, digits: true },
];

/** Dates in the clock of the country whose e-invoices these are (the one invoicing by ZATCA). */
const ZATCA_COUNTRY = countriesInvoicing('zatca')[0] ?? HOME_COUNTRY;
const date = (t: T, at: number, time = false) => formatDate(at, t.lang, ZATCA_COUNTRY, { time });

/** The form's own refusal, shown in the form it belongs to. */
const ownError = (t: T, state: EInvoicingState | undefined, form: EInvoicingForm) =>
  state?.form === form && state.error ? <Notice t={t} state={{ error: state.error }} /> : null;

function Field(props: {
  t: T;
  id: string;
  name: string;
  label: StaffTextId;
  value?: string;
  ltr?: boolean;
  digits?: boolean;
  hint?: StaffTextId;
}) {
  const { t } = props;
  return (
    <div className="field">
      <label htmlFor={props.id}>{t.t(props.label)}</label>
      <input
        type="text"
        id={props.id}
        name={props.name}
        defaultValue={props.value ?? ''}
        dir={props.ltr ? 'ltr' : undefined}
        inputMode={props.digits ? 'numeric' : undefined}
        autoComplete="off"
        required
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
      />
      {props.hint && (
        <p id={`${props.id}-hint`} className="hint muted">
          {t.t(props.hint)}
        </p>
      )}
    </div>
  );
}

function LastStep({ t, last }: { t: T; last: EInvoicingLastStep | null }) {
  if (!last) return null;
  return (
    <div className={`note ${last.outcome === 'done' ? 'done' : 'error'}`} data-testid="einv-last-step">
      <p>
        <strong>{t.t('st_einv_last_step')}</strong> {t.t(`st_einv_outcome_${last.outcome}`)} ·{' '}
        {t.t('st_einv_at', { time: date(t, last.at, true) })}
      </p>
      {last.messages.length > 0 && (
        <>
          <p>{t.t('st_einv_zatca_said')}</p>
          <ul>
            {last.messages.map((m, i) => (
              <li key={i}>
                <code dir="ltr">{m.code}</code> {m.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const ORDER = ['keys', 'compliance', 'checked', 'active'] as const;

function Steps(props: { t: T; pending: EInvoiceStampView | null; onboarded: boolean; state?: EInvoicingState }) {
  const { t, pending, state } = props;
  // Onboarded and nothing under way: every step is done; a new unit can still be started (below).
  const reached = pending ? ORDER.indexOf(pending.state) : props.onboarded ? ORDER.length - 1 : -1;
  const status = (i: number) =>
    i <= reached
      ? 'st_einv_step_status_done'
      : i === reached + 1
        ? 'st_einv_step_status_next'
        : 'st_einv_step_status_later';
  const step = (i: number, title: StaffTextId, hint: StaffTextId, form: React.ReactNode, extra?: React.ReactNode) => (
    <li className="card stack" data-testid={`einv-step-${i + 1}`}>
      <h3>
        {t.t(title)} · <span className="muted">{t.t(status(i))}</span>
      </h3>
      <p className="hint muted">{t.t(hint)}</p>
      {extra}
      {i === reached + 1 && form}
    </li>
  );
  const v = state?.values ?? {};
  const keysForm = (
    <form method="post" action="/e-invoicing/keys" id="keys" className="stack">
      {ownError(t, state, 'keys')}
      <Field t={t} id="einv-unit" name="unit" label="st_einv_unit" hint="st_einv_unit_hint" value={v.unit} />
      <button type="submit">{t.t('st_einv_keys_submit')}</button>
    </form>
  );
  return (
    <>
      <ol className="stack">
        {step(0, 'st_einv_step_keys', 'st_einv_step_keys_hint', keysForm)}
        {step(
          1,
          'st_einv_step_compliance',
          'st_einv_step_compliance_hint',
          <form method="post" action="/e-invoicing/compliance-csid" id="compliance" className="stack">
            {ownError(t, state, 'compliance')}
            <Field t={t} id="einv-otp" name="otp" label="st_einv_otp" ltr digits />
            <button type="submit">{t.t('st_einv_compliance_submit')}</button>
          </form>,
        )}
        {step(
          2,
          'st_einv_step_checks',
          'st_einv_step_checks_hint',
          <form method="post" action="/e-invoicing/compliance-checks" id="checks">
            {ownError(t, state, 'checks')}
            <button type="submit">{t.t('st_einv_checks_submit')}</button>
          </form>,
          pending && pending.checks.length > 0 && (
            <ul>
              {pending.checks.map((c) => (
                <li key={c.kind}>
                  {t.t(`st_einv_check_${c.kind.replace('-', '_')}` as StaffTextId)}: <code dir="ltr">{c.status}</code>
                </li>
              ))}
            </ul>
          ),
        )}
        {step(
          3,
          'st_einv_step_production',
          'st_einv_step_production_hint',
          <form method="post" action="/e-invoicing/production-csid" id="production">
            {ownError(t, state, 'production')}
            <button type="submit">{t.t('st_einv_production_submit')}</button>
          </form>,
        )}
      </ol>
      {/* Started again under way, or a new unit after onboarding: a new key pair, the steps again. */}
      {reached >= 0 && (
        <details open={state?.form === 'keys'}>
          <summary>{t.t('st_einv_keys_again')}</summary>
          {keysForm}
        </details>
      )}
    </>
  );
}

export function EInvoicingPage(props: {
  t: T;
  nonce: string;
  me: StaffSelf;
  view: EInvoicingView;
  state?: EInvoicingState;
}) {
  const { t, view, state } = props;
  const seller = state?.form === 'seller' && state.values ? state.values : (view.seller ?? {});
  const active = view.active;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_einvoicing_title')} path="/e-invoicing">
      <h1>{t.t('st_einvoicing_title')}</h1>
      <p className="muted">{t.t('st_einvoicing_intro')}</p>
      <Notice t={t} state={state?.done ? { done: state.done } : undefined} />
      {view.renew_within_days !== null && (
        <p className="note error" role="alert" data-testid="einv-renew-warning">
          {view.renew_within_days === 0
            ? t.t('st_einv_expired')
            : t.t('st_einv_renew_soon', { count: view.renew_within_days })}
        </p>
      )}
      <section className="card" aria-labelledby="einv-env">
        <h2 id="einv-env">{t.t('st_einv_environment', { name: t.t(`st_einv_env_${view.environment}`) })}</h2>
        <p>{t.t(`st_einv_env_hint_${view.environment}`)}</p>
        <p className="muted">{t.t('st_einv_env_change')}</p>
      </section>

      <section aria-labelledby="einv-seller" id="seller">
        <h2 id="einv-seller">{t.t('st_einv_seller_title')}</h2>
        <p className="muted">{t.t('st_einv_seller_intro')}</p>
        <form method="post" action="/e-invoicing/seller" className="card stack">
          {ownError(t, state, 'seller')}
          {SELLER_FIELDS.map((f) => (
            <Field key={f.name} t={t} id={`einv-${f.name}`} {...f} value={seller[f.name]} />
          ))}
          <fieldset className="stack">
            <legend>{t.t('st_einv_address')}</legend>
            {ADDRESS_FIELDS.map((f) => (
              <Field key={f.name} t={t} id={`einv-${f.name}`} {...f} value={seller[f.name]} />
            ))}
          </fieldset>
          <button type="submit">{t.t('st_einv_seller_save')}</button>
        </form>
      </section>

      <section aria-labelledby="einv-steps">
        <h2 id="einv-steps">{t.t('st_einv_steps_title')}</h2>
        <LastStep t={t} last={view.pending?.last_step ?? null} />
        <Steps t={t} pending={view.pending} onboarded={view.active !== null} state={state} />
        {view.pending && (
          <details>
            <summary>{t.t('st_einv_csr')}</summary>
            <pre dir="ltr">{view.pending.csr}</pre>
          </details>
        )}
      </section>

      <section aria-labelledby="einv-active" id="renew" className="card stack" data-testid="einv-active">
        <h2 id="einv-active">{t.t('st_einv_active_title')}</h2>
        {!active ? (
          <p>{t.t('st_einv_active_none')}</p>
        ) : (
          <>
            <p>{t.t('st_einv_active_unit', { unit: active.unit })}</p>
            {active.not_before !== null && active.not_after !== null && (
              <p>{t.t('st_einv_active_valid', { from: date(t, active.not_before), to: date(t, active.not_after) })}</p>
            )}
            <LastStep t={t} last={active.last_step} />
            <h3>{t.t('st_einv_renew_title')}</h3>
            <p className="hint muted">{t.t('st_einv_renew_hint')}</p>
            <form method="post" action="/e-invoicing/renew" className="stack">
              {ownError(t, state, 'renew')}
              <Field t={t} id="einv-renew-otp" name="otp" label="st_einv_renew_otp" ltr digits />
              <button type="submit">{t.t('st_einv_renew_submit')}</button>
            </form>
          </>
        )}
      </section>
    </Layout>
  );
}
