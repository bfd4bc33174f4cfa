// /checkout-blood-test/order: the review (patient, address, visit and its hold's clock, tests with
// their merged preparation), consent to processing health data, coupon, payment (card with the
// country's methods, wallet, or at the visit), totals from /bloodTestOrder/calculate, and the
// idempotent submit: one key per attempt, kept for retries of that attempt (as the product checkout).
import { DEFAULT_COUNTRY } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { useContext, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Address } from '#shared/api/account-schemas';
import { BLOOD_TEST_CONSENT_VERSION } from '#shared/api/blood-test-order-facts';
import { ApiFailure } from '#shared/api/client';
import { CARD_METHODS } from '#shared/api/order-facts';
import { nationalNumber } from '#shared/api/address-facts';
import type { CardMethod } from '#shared/api/order-schemas';
import type {
  BloodTestCalculateAnswer,
  BloodTestPatientList,
  BloodTestSubmitAnswer,
} from '#shared/blood-tests/order-types';
import { formatSlotDay } from '#shared/text/dates';
import { addressLines } from '#client/accounts/address-lines';
import { BT_API } from '#client/blood-tests/api-paths';
import { BookingTotals } from '#client/blood-tests/BookingTotals';
import { CouponForm } from '#client/orders/CouponForm';
import { PaymentChoice } from '#client/orders/PaymentChoice';
import {
  afterFailedSubmit,
  attemptKey,
  booking,
  type BookingPayment,
  clearBooking,
  holdStands,
  restoreBooking,
  saveBooking,
} from '#client/blood-tests/booking-store';
import { emptyBookingCart, useBookingCart } from '#client/blood-tests/checkout-cart';
import { HoldCountdown } from '#client/blood-tests/HoldCountdown';
import { PreparationList } from '#client/blood-tests/PreparationList';
import { usePreparation } from '#client/blood-tests/use-preparation';
import { windowText } from '#client/blood-tests/SlotPicker';
import { visitInstant } from '#shared/blood-tests/slot-rules';
import { useI18n } from '#client/i18n/context';
import { useHref, useMinor } from '#client/lib/locale';
import { ApiContext } from '#client/providers';
import { newIdempotencyKey } from '#client/stores/checkout';
import { useSessionStore } from '#client/stores/session';
import { Page } from '#client/ui/Page';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'booking',
  texts: ['orders', 'accounts', 'catalogue', 'blood-tests'],
  id: 'bt-checkout-order',
  siteIndex: 'shop',
} satisfies PageDeclaration;

const PAYMENTS: BookingPayment[] = ['card', 'wallet', 'pay_at_visit'];

export function Component() {
  const { t, tKey, has, lang } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const minor = useMinor();
  const { user, country } = useSnapshot(useSessionStore());
  const state = useSnapshot(booking);
  const cart = useBookingCart();
  const [restored, setRestored] = useState(false);
  const [expired, setExpired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [placed, setPlaced] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    restoreBooking();
    setRestored(true);
  }, []);
  // Without a hold (a page opened directly, or a reload after it ran out) the shipping step comes first.
  useEffect(() => {
    if (restored && !placed && (!booking.hold || !booking.addressId))
      navigate(href('/checkout-blood-test/shipping'), { replace: true });
  }, [restored, placed, href]);
  useEffect(() => {
    if (restored) saveBooking();
  });

  const lines = cart.lines;
  const preparation = usePreparation(lines);
  const body = {
    items: lines.map((l) => ({ sku_id: l.sku_id })),
    ...(state.coupon ? { coupon: state.coupon } : {}),
    use_wallet: state.paymentMethod === 'wallet',
  };
  const { data: quote, error: quoteError } = useSWR<BloodTestCalculateAnswer>(
    restored && lines.length ? [BT_API.calculate, JSON.stringify(body)] : null,
    async () => (await api.post<BloodTestCalculateAnswer>(BT_API.calculate, body)).data,
  );
  const { data: saved } = useSWR<{ items: Address[] }>(user ? '/user/address' : null);
  const address = saved?.items.find((a) => a.id === state.addressId) ?? null;
  const { data: patients } = useSWR<BloodTestPatientList>(user && state.patientId ? BT_API.patients : null);
  const patientName = state.patientId
    ? (patients?.items.find((p) => p.id === state.patientId)?.name ?? '')
    : (state.newPatient?.name ?? '');
  // The gateway's ways the quote offers for what is due (the cards until it is here).
  const cardMethods: readonly CardMethod[] = quote?.card_methods ?? CARD_METHODS[country];
  const cardMethod = cardMethods.find((m) => m === state.cardMethod) ?? cardMethods[0];
  const stcPayPhone = state.stcPayPhone ?? nationalNumber(address?.phone ?? '');

  function fail(text: string) {
    setError(text);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  async function place() {
    if (sending || !quote) return;
    setError(null);
    if (!state.consent) return fail(t('bt_consent_required'));
    if (!holdStands(booking)) return fail(t('bt_hold_expired'));
    setSending(true);
    const key = attemptKey(newIdempotencyKey);
    saveBooking();
    try {
      const res = await api.post<BloodTestSubmitAnswer>(BT_API.submit, {
        ...body,
        idempotency_key: key,
        // The currency of the totals she sees: a country switched since is refused, not booked (issue 77).
        currency: quote.currency,
        ...(booking.patientId
          ? { patient_id: booking.patientId }
          : {
              patient: {
                ...booking.newPatient,
                relation: booking.patientChoice === 'self' ? 'self' : booking.newPatient?.relation,
                country,
              },
            }),
        address_id: booking.addressId,
        hold_id: booking.hold?.id,
        consent: true,
        consent_version: BLOOD_TEST_CONSENT_VERSION,
        payment_method: booking.paymentMethod,
        ...(booking.paymentMethod === 'card' ? { card_method: cardMethod } : {}),
        ...(booking.paymentMethod === 'card' && cardMethod === 'stc_pay' ? { stc_pay_phone: stcPayPhone } : {}),
      });
      const answer = res.data;
      setPlaced(true);
      // The order and its slot are booked: the cart and the choices start afresh for the next one.
      emptyBookingCart();
      clearBooking();
      if (answer.payment_url) window.location.assign(answer.payment_url);
      else navigate(`${href('/checkout-blood-test/success')}?order=${answer.order_id}`);
    } catch (e) {
      afterFailedSubmit(e instanceof ApiFailure ? e.status : null);
      saveBooking();
      const key = e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
      fail(has(key) ? tKey(key) : t('server_error'));
    } finally {
      setSending(false);
    }
  }

  const slot = state.hold;
  return (
    <Page
      title={t('page_bt_checkout_order')}
      crumbs={[{ label: t('page_bt_checkout_shipping'), to: href('/checkout-blood-test/shipping') }]}
    >
      <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef} hidden={!error} data-testid="form-error">
        <p>{error}</p>
        {expired && <Link to={href('/checkout-blood-test/shipping')}>{t('checkout_change')}</Link>}
      </div>
      {!restored || !cart.loaded || !slot ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <div className="cart-layout">
          <div className="cart-main">
            <section className="form-card" aria-labelledby="bt-review-visit">
              <h2 id="bt-review-visit">{t('bt_review_visit')}</h2>
              <dl className="review-facts">
                <div>
                  <dt>{t('bt_review_patient')}</dt>
                  <dd data-testid="bt-review-patient">{patientName}</dd>
                </div>
                <div>
                  <dt>{t('bt_review_address')}</dt>
                  <dd>{address ? addressLines(address, t).join(' · ') : ''}</dd>
                </div>
                <div>
                  <dt>{t('bt_review_when')}</dt>
                  <dd data-testid="bt-review-slot">
                    {(() => {
                      const day = formatSlotDay(visitInstant(country, slot.date, 12), lang, country);
                      return `${day.day}${day.hijri ? ` (${day.hijri})` : ''} · `;
                    })()}
                    <bdi>{windowText(slot.date, slot.window, lang, country)}</bdi>
                  </dd>
                </div>
              </dl>
              {!placed && (
                <HoldCountdown
                  expiresAt={slot.expiresAt}
                  onExpired={() => {
                    setExpired(true);
                    setError(t('bt_hold_expired'));
                  }}
                />
              )}
              <Link to={href('/checkout-blood-test/shipping')}>{t('checkout_change')}</Link>
            </section>
            <section className="form-card" aria-labelledby="bt-review-tests">
              <h2 id="bt-review-tests">{t('bt_review_tests')}</h2>
              <ul className="review-lines">
                {lines.map((l) => {
                  const priced = quote?.items.find((i) => i.sku_id === l.sku_id);
                  return (
                    <li key={l.sku_id}>
                      <span>{priced?.name ?? l.name}</span>
                      {priced && quote && <bdi>{minor(priced.price, quote.currency)}</bdi>}
                    </li>
                  );
                })}
              </ul>
            </section>
            <PreparationList tests={preparation} id="bt-review-prep" />
            <section className="form-card" aria-labelledby="bt-payment-title">
              <h2 id="bt-payment-title">{t('checkout_payment_title')}</h2>
              <PaymentChoice
                prefix="bt-"
                methods={PAYMENTS.filter((m) => m !== 'wallet' || (quote?.wallet_balance ?? 0) > 0)}
                method={state.paymentMethod}
                onMethod={(m) => (booking.paymentMethod = m)}
                label={(m) =>
                  m === 'wallet'
                    ? t('bt_pay_wallet', {
                        amount: minor(
                          quote?.wallet_balance ?? 0,
                          quote?.currency ?? COUNTRY_FACTS[DEFAULT_COUNTRY].currency,
                        ),
                      })
                    : t(m === 'card' ? 'bt_pay_card' : 'bt_pay_at_visit')
                }
                cardMethods={cardMethods}
                cardMethod={cardMethod}
                onCardMethod={(m) => (booking.cardMethod = m)}
                extras={
                  quote
                    ? {
                        due: quote.due,
                        format: (n) => minor(n, quote.currency),
                        unavailable: quote.unavailable_methods ?? [],
                        stcPayPhone,
                        onStcPayPhone: (phone) => (booking.stcPayPhone = phone),
                      }
                    : undefined
                }
              />
            </section>
          </div>
          <aside className="cart-summary" aria-labelledby="bt-summary-title">
            <h2 id="bt-summary-title">{t('cart_summary')}</h2>
            {quoteError ? (
              <p role="alert">{t('checkout_totals_failed')}</p>
            ) : quote ? (
              <BookingTotals amounts={quote} />
            ) : (
              <p role="status">{t('loading')}</p>
            )}
            <CouponForm
              id="bt-coupon"
              own={{ coupon: state.coupon, set: (code) => (booking.coupon = code) }}
              result={
                quote && (quote.coupon || quote.coupon_error) && state.coupon
                  ? {
                      code: quote.coupon ?? state.coupon,
                      applied: !quote.coupon_error,
                      problem: quote.coupon_error,
                    }
                  : null
              }
            />
            <label className="checkbox bt-consent">
              <input
                type="checkbox"
                checked={state.consent}
                onChange={(e) => (booking.consent = e.target.checked)}
                data-testid="bt-consent"
              />
              <span>{t('bt_consent')}</span>
            </label>
            <button
              type="button"
              className="button wide"
              disabled={!quote || sending || expired}
              onClick={() => void place()}
              data-testid="bt-place"
            >
              {sending ? t('bt_placing') : t('bt_place')}
            </button>
          </aside>
        </div>
      )}
    </Page>
  );
}
