// /consultation/book/:nutritionistId?service=&from=&at=: book a consultation. The service first (a link
// per service when none is chosen), then a day and a time on her country's clocks, held for 10 minutes while she
// fills the short intake, agrees to the nutritionist reading it, chooses video or chat, reads the rules
// and pays (wallet, the country's cards and pay-later ways, or a package's session). One trip for the
// page: the nutritionist and the week's free times travel in one bundle; her packages' sessions, wallet
// and results (what the form after the hold needs) are asked once she holds a time.
import '../styles/orders.css';
import '../styles/consultations.css';
import { useContext, useRef, useState } from 'react';
import { data, Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { UploadedResult, UploadedResultList } from '#shared/api/blood-test-upload-schemas';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import type { BloodTestOrderList, BloodTestOrderSummary } from '#shared/blood-tests/order-types';
import { practiceDate } from '#shared/consultations/rules';
import { addDays } from '#shared/gulf-days';
import type { ConsultationMode } from '#shared/consultations/facts';
import { CONSULTATION_CONSENT_VERSION } from '#shared/consultations/facts';
import type {
  ConsultationBookAnswer,
  ConsultationCredit,
  ConsultationHold,
  ConsultationSlotsAnswer,
} from '#shared/consultations/types';
import { gatewayMethodsFor, isPayLater, type GatewayMethod } from '#shared/payments/gateway-methods';
import { localizePath } from '#shared/locale';
import { paths } from '#shared/routes';
import { signedInCall } from '../accounts/guard';
import { HoldCountdown } from '../blood-tests/HoldCountdown';
import { apiContext } from '../boot';
import { CONSULT_API } from '../consultations/api-paths';
import { ModeChoice } from '../consultations/ModeChoice';
import { checkIntake, emptyIntake, type IntakeDraft, type IntakeField } from '../consultations/intake-form';
import { IntakeFields } from '../consultations/IntakeFields';
import { consultPaths } from '../consultations/paths';
import { PackageOffer } from '../consultations/PackageOffer';
import { OfferFacts, ServiceLine, ServiceList } from '../consultations/Offer';
import { RulesBeforePaying } from '../consultations/Rules';
import { TimePicker } from '../consultations/TimePicker';
import type { NutritionistOfferDetail } from '#shared/consultations/types';
import { ms, whenText } from '../consultations/times';
import { useI18n } from '../i18n/context';
import { useCurrency, useMinor } from '../lib/locale';
import { PaymentChoice } from '../orders/PaymentChoice';
import { ApiContext } from '../providers';
import { newIdempotencyKey } from '../stores/checkout';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'consultation', texts: ['consultations', 'orders'] } satisfies PageDeclaration;

type PayMethod = 'card' | 'wallet' | 'package';

/** The later of two YYYY-MM-DD days (they compare as text). */
const laterDay = (a: string, b: string): string => [a, b].sort()[1]!;

interface Data {
  nutritionist: NutritionistOfferDetail;
  serviceId: number | null;
  from: string;
  at: number | null;
  followUpOf: number | null;
  slots: ConsultationSlotsAnswer | null;
}

/** What the form after the hold needs: her package sessions, her wallet and the results she may share. */
interface Extras {
  credits: ConsultationCredit[];
  wallet: { balance: number; currency: string } | null;
  uploads: UploadedResult[];
  orders: BloodTestOrderSummary[];
}

const NO_EXTRAS: Extras = { credits: [], wallet: null, uploads: [], orders: [] };

/** The form's extras are read again when the tab is shown again (after an upload in another tab). */
const EXTRAS_REFRESH = { revalidateOnFocus: true } as const;

async function loadExtras(api: ApiClient): Promise<Extras> {
  const [credits, wallet, uploads, orders] = await Promise.all([
    api.get<{ items: ConsultationCredit[] }>(CONSULT_API.credits).catch(() => null),
    api.get<{ balance: number; currency: string }>(CONSULT_API.wallet).catch(() => null),
    api.get<UploadedResultList>(CONSULT_API.uploads).catch(() => null),
    api.get<BloodTestOrderList>(CONSULT_API.bloodTestOrders).catch(() => null),
  ]);
  return {
    credits: credits?.data.items ?? [],
    wallet: wallet?.data ?? null,
    uploads: uploads?.data.items ?? [],
    orders: orders?.data.items ?? [],
  };
}

const ID = /^\d{1,16}$/;

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  const url = new URL(args.request.url);
  const nid = args.params.nutritionistId ?? '';
  if (!ID.test(nid)) throw data(null, { status: 404 });
  const service = url.searchParams.get('service');
  const serviceId = service && ID.test(service) ? Number(service) : null;
  // The week asked for is of practice days, as the API answers them (the home country's clock).
  const today = practiceDate(Date.now());
  const askedFrom = url.searchParams.get('from') ?? '';
  const from = /^\d{4}-\d{2}-\d{2}$/.test(askedFrom) && askedFrom > today ? askedFrom : today;
  const at = Number(url.searchParams.get('at'));
  const followUp = url.searchParams.get('follow_up') ?? '';
  return signedInCall(args, async () => {
    // Every call starts together: one bundle, one trip.
    const [nutritionist, slots] = await Promise.all([
      api.get<NutritionistOfferDetail>(CONSULT_API.nutritionist(nid)).catch((error) => {
        if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
        throw error;
      }),
      // A service she cannot book (another nutritionist's, retired, or not offered in her country: the
      // API's 404) asks her to choose one again, as a link with no service does.
      serviceId === null
        ? null
        : api.get<ConsultationSlotsAnswer>(CONSULT_API.slots(Number(nid), serviceId, from)).catch((error) => {
            if (error instanceof ApiFailure && error.status === 404) return null;
            throw error;
          }),
    ]);
    return {
      nutritionist: nutritionist.data,
      serviceId: slots === null ? null : serviceId,
      from,
      at: Number.isSafeInteger(at) && at > 0 ? at : null,
      followUpOf: ID.test(followUp) ? Number(followUp) : null,
      slots: slots?.data ?? null,
    };
  });
}

export function Component() {
  const d = useLoaderData() as Data;
  const { t, lang } = useI18n();
  const n = d.nutritionist;
  // A follow-up opened without a service books the nutritionist's follow-up service when there is one.
  const serviceId = d.serviceId ?? (d.followUpOf ? (n.services.find((s) => s.kind === 'follow_up')?.id ?? null) : null);
  const service = n.services.find((s) => s.id === serviceId);
  const crumbs = [
    { label: t('page_nutritionist_list'), to: localizePath('/nutritionist-list', lang) },
    { label: n.name, to: paths.nutritionist(lang, n.slug) },
  ];
  return (
    <Page title={t('consult_book_title', { name: n.name })} crumbs={crumbs} seo={{ noindex: true }}>
      <OfferFacts offer={n} />
      {service ? (
        <Booking key={`${service.id}:${d.from}`} data={d} serviceId={service.id} />
      ) : (
        <section className="form-card" aria-labelledby="consult-service-title">
          <h2 id="consult-service-title">{t('consult_choose_service')}</h2>
          <ServiceList
            nutritionistId={n.id}
            services={n.services}
            {...(d.followUpOf ? { followUp: d.followUpOf } : {})}
          />
        </section>
      )}
      <PackageOffer packages={(n.packages ?? []).filter((p) => !service || p.service_id === service.id)} />
    </Page>
  );
}

function Booking({ data: d, serviceId }: { data: Data; serviceId: number }) {
  const { t, tKey, has, lang } = useI18n();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  const { vatBasisPoints } = useCurrency();
  const n = d.nutritionist;
  const service = n.services.find((s) => s.id === serviceId)!;
  const [hold, setHold] = useState<ConsultationHold | null>(null);
  // Asked again when she comes back to the page: a result she uploaded in another tab while the time
  // is held is offered to share without a reload (the app's default is not to ask again on focus).
  const { data: extras = NO_EXTRAS } = useSWR(
    hold ? ['consultation-extras', serviceId] : null,
    () => loadExtras(api),
    EXTRAS_REFRESH,
  );
  const credits = extras.credits.filter(
    (c) => c.package.service_id === serviceId && c.sessions_left > 0 && c.payment_state === 'paid',
  );
  const allTimes = d.slots?.days.flatMap((day) => day.times.map((x) => ms(x.starts_at))) ?? [];
  const [time, setTime] = useState<number | null>(d.at !== null && allTimes.includes(d.at) ? d.at : null);
  const [expired, setExpired] = useState(false);
  const [intake, setIntake] = useState<IntakeDraft>(emptyIntake);
  const [tried, setTried] = useState(false);
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<ConsultationMode>('video');
  const wallet =
    extras.wallet && extras.wallet.balance > 0 && extras.wallet.currency === service.currency ? extras.wallet : null;
  const walletCovers = wallet !== null && wallet.balance >= service.price;
  // Her package's session when she has one for this service, else online, until she chooses.
  const [chosen, setMethod] = useState<PayMethod | null>(null);
  const method: PayMethod = chosen ?? (credits.length ? 'package' : 'card');
  const { offered, unavailable } = gatewayMethodsFor(country, service.price);
  const [cardMethod, setCardMethod] = useState<GatewayMethod>(offered[0] ?? 'card');
  const [stcPhone, setStcPhone] = useState('');
  const creditId = credits[0]?.id ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const checked = checkIntake(intake);
  const problems: Partial<Record<IntakeField, string>> = tried && !checked.ok ? checked.problems : {};

  function fail(key: string) {
    setError(has(key) ? tKey(key) : t('server_error'));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  async function holdTime() {
    if (time === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<ConsultationHold>(CONSULT_API.hold, { service_id: serviceId, starts_at: time });
      // A new hold starts a new attempt: its idempotency key is kept for retries of that attempt only.
      attempt.current = null;
      setHold(res.data);
      setExpired(false);
    } catch (e) {
      fail(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  async function book() {
    if (busy || !hold) return;
    setTried(true);
    setError(null);
    if (!checked.ok) return fail('consult_intake_incomplete');
    if (!consent) return fail('consult_consent_required');
    if (expired || ms(hold.expires_at) <= Date.now()) return fail('consultation_hold_expired');
    setBusy(true);
    attempt.current ??= newIdempotencyKey();
    const payLater = method === 'card' && isPayLater(cardMethod);
    try {
      const res = await api.post<ConsultationBookAnswer>(CONSULT_API.book, {
        idempotency_key: attempt.current,
        hold_id: hold.hold_id,
        service_id: serviceId,
        intake: checked.intake,
        consent: true,
        consent_version: CONSULTATION_CONSENT_VERSION,
        mode,
        ...(d.followUpOf ? { follow_up_of: d.followUpOf } : {}),
        payment:
          method === 'package'
            ? { method: 'package', credit_id: creditId }
            : method === 'wallet' && walletCovers
              ? { method: 'wallet' }
              : {
                  // The wallet first when she chose it; the rest through the gateway.
                  method: payLater ? 'pay_later' : 'card',
                  card_method: cardMethod,
                  ...(method === 'wallet' ? { use_wallet: true } : {}),
                  ...(cardMethod === 'stc_pay' ? { stc_pay_phone: stcPhone } : {}),
                },
      });
      if (res.data.payment_url) window.location.assign(res.data.payment_url);
      else navigate(consultPaths.success(lang, res.data.id));
    } catch (e) {
      const status = e instanceof ApiFailure ? e.status : null;
      // A refused attempt (4xx) is over: the next press is a new one. A lost answer retries with its key.
      if (status !== null && status < 500) attempt.current = null;
      fail(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  const methods: PayMethod[] = [
    ...(credits.length ? (['package'] as const) : []),
    'card',
    ...(wallet ? (['wallet'] as const) : []),
  ];
  const nextFrom = addDays(d.from, 7);
  const prevFrom = addDays(d.from, -7);
  const today = practiceDate(Date.now());

  return (
    <>
      <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef} hidden={!error} data-testid="form-error">
        <p>{error}</p>
      </div>
      <section className="form-card" aria-labelledby="consult-when-title">
        <h2 id="consult-when-title">{t('consult_when_title')}</h2>
        <p>
          <strong>{service.name}</strong> <ServiceLine service={service} />{' '}
          <Link to={consultPaths.book(lang, n.id)}>{t('consult_change_service')}</Link>
        </p>
        <p className="muted" data-testid="consult-clock">
          {t('consult_times_in', { country: t(`country_${country}`) })}
        </p>
        {hold ? (
          <>
            <p data-testid="consult-held">
              <strong>{whenText(ms(hold.starts_at), ms(hold.ends_at), lang, country)}</strong>
            </p>
            {!expired && (
              <HoldCountdown
                expiresAt={ms(hold.expires_at)}
                label={(time) => t('consult_hold_left', { time })}
                onExpired={() => {
                  setExpired(true);
                  fail('consultation_hold_expired');
                }}
              />
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setHold(null);
                setExpired(false);
              }}
            >
              {t('consult_change_time')}
            </button>
          </>
        ) : (
          <>
            <TimePicker days={d.slots?.days ?? []} value={time} country={country} onChange={setTime} />
            <p className="form-actions">
              {d.from > today && (
                <Link to={consultPaths.book(lang, n.id, { service: serviceId, from: laterDay(prevFrom, today) })}>
                  {t('consult_earlier_week')}
                </Link>
              )}
              <Link
                to={consultPaths.book(lang, n.id, { service: serviceId, from: nextFrom })}
                data-testid="consult-next-week"
              >
                {t('consult_next_week')}
              </Link>
            </p>
            <button
              type="button"
              className="button"
              disabled={time === null || busy}
              onClick={() => void holdTime()}
              data-testid="consult-hold"
            >
              {t('consult_hold_time')}
            </button>
          </>
        )}
      </section>
      {hold && (
        <div className="cart-layout">
          <div className="cart-main">
            <section className="form-card" aria-labelledby="consult-intake-title">
              <h2 id="consult-intake-title">{t('consult_intake_title')}</h2>
              <p className="muted">{t('consult_intake_private')}</p>
              <IntakeFields
                draft={intake}
                onChange={setIntake}
                problems={problems}
                uploads={extras.uploads}
                orders={extras.orders}
                country={country}
              />
            </section>
            <section className="form-card" aria-labelledby="consult-mode-title">
              <h2 id="consult-mode-title">{t('consult_mode_title')}</h2>
              <ModeChoice name="consult-mode" value={mode} onChange={setMode} hiddenLegend />
            </section>
            <section className="form-card" aria-labelledby="consult-payment-title">
              <h2 id="consult-payment-title">{t('checkout_payment_title')}</h2>
              <PaymentChoice
                prefix="consult-"
                methods={methods}
                method={method}
                onMethod={setMethod}
                label={(m) =>
                  m === 'wallet'
                    ? t('consult_pay_wallet', {
                        amount: minor(wallet?.balance ?? 0, wallet?.currency ?? service.currency),
                      })
                    : m === 'package'
                      ? t('consult_pay_package', {
                          name: credits[0]?.package.name ?? '',
                          count: credits[0]?.sessions_left ?? 0,
                        })
                      : t('consult_pay_card')
                }
                cardMethods={offered}
                cardMethod={cardMethod}
                onCardMethod={setCardMethod}
                extras={{
                  due: service.price,
                  format: (v) => minor(v, service.currency),
                  unavailable,
                  stcPayPhone: stcPhone,
                  onStcPayPhone: setStcPhone,
                }}
              />
              {method === 'wallet' && wallet && !walletCovers && (
                <p className="muted">
                  {t('consult_wallet_rest', { amount: minor(service.price - wallet.balance, service.currency) })}
                </p>
              )}
            </section>
          </div>
          <aside className="cart-summary" aria-labelledby="consult-summary-title">
            <h2 id="consult-summary-title">{t('consult_your_booking')}</h2>
            <p>
              {service.name} · {n.name}
            </p>
            <p data-testid="consult-total">
              <strong>
                {method === 'package' ? t('consult_total_package') : minor(service.price, service.currency)}
              </strong>
            </p>
            {/* The country charges VAT (the owner's rate from /country, none in Kuwait): prices include it. */}
            {vatBasisPoints > 0 && method !== 'package' && <p className="muted">{t('consult_vat_included')}</p>}
            <RulesBeforePaying startsAt={ms(hold.starts_at)} endsAt={ms(hold.ends_at)} country={country} />
            <label className="checkbox bt-consent">
              <input
                type="checkbox"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                data-testid="consult-consent"
              />
              <span>{t('consult_consent')}</span>
            </label>
            <button
              type="button"
              className="button wide"
              disabled={busy || expired}
              onClick={() => void book()}
              data-testid="consult-pay"
            >
              {busy ? t('consult_booking') : method === 'package' ? t('consult_book_package') : t('consult_pay_book')}
            </button>
          </aside>
        </div>
      )}
    </>
  );
}
